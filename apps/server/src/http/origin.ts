import type { FastifyRequest } from 'fastify';
import { Header } from '@app/contract';
import type { Origin } from './caller.js';

const DEVICE = Header.device.toLowerCase();
const DEVICE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The Device header when it is a plausible id (the client keeps a random id), else null. */
export function deviceOf(req: FastifyRequest): string | null {
  const v = req.headers[DEVICE];
  return typeof v === 'string' && DEVICE_ID.test(v) ? v : null;
}

/** IP, device and Referer of a request, as services record them. */
export function originOf(req: FastifyRequest): Origin {
  const referer = req.headers.referer;
  return { ip: req.ip, device: deviceOf(req), referer: typeof referer === 'string' ? referer.slice(0, 64) : null };
}
