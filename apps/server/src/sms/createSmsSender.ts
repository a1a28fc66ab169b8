import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { AliyunSmsSender } from './aliyunSender.js';
import type { SmsConfig, SmsProvider } from './sms.config.js';
import { LogSmsSender, type SmsSender } from './smsSender.js';
import { TencentSmsSender } from './tencentSender.js';
import { TwilioSmsSender } from './twilioSender.js';

/** Picks the configured sender; a provider without its keys fails loudly at start rather than at the first SMS. */
export function createSmsSender(provider: SmsProvider, config: SmsConfig, db: Db, log: FastifyBaseLogger): SmsSender {
  if (provider === 'twilio') return new TwilioSmsSender(config);
  if (provider === 'tencent') return new TencentSmsSender(config);
  if (provider === 'aliyun') return new AliyunSmsSender(config);
  return new LogSmsSender(db, log);
}
