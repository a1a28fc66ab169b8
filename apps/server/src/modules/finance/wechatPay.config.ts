import type { z } from 'zod';
import { optionalText, text, type Fail } from '../../config/setting.js';

/** WeChat Pay's API v3 origin (WECHAT_PAY_API_BASE points the SDK elsewhere: a stand-in in tests). */
export const WECHAT_PAY_API = 'https://api.mch.weixin.qq.com';
/** Where WeChat's OAuth sends the payer's browser (`/connect/oauth2/authorize`) and where its code is exchanged (`/sns/oauth2/access_token`). */
export const WECHAT_OAUTH = 'https://open.weixin.qq.com';
export const WECHAT_SNS_API = 'https://api.weixin.qq.com';

/** WeChat Pay API v3's keys and where its API is (decision 0211). */
export interface WechatPayConfig {
  mchid: string | undefined;
  appid: string | undefined;
  /** The merchant API private key (apiclient_key.pem): PEM text, or `file:///path`. */
  privateKey: string | undefined;
  /** The merchant API certificate's serial number (names our key in every request's Authorization). */
  certSerial: string | undefined;
  /** The APIv3 key (32 characters) that decrypts notify resources. */
  apiV3Key: string | undefined;
  /** The platform certificate or WeChat Pay public key (PEM, or `file:///path`) that verifies responses and notifies. */
  platformKey: string | undefined;
  /** Its serial number, or the public key's id (`PUB_KEY_ID_…`): what the Wechatpay-Serial header names. */
  platformSerial: string | undefined;
  /** The API origin, no trailing slash. */
  apiBase: string;
  /** The official account's AppSecret (the account of WECHAT_PAY_APPID): JSAPI inside WeChat is offered only with it (decision 0228). */
  appSecret: string | undefined;
  /** WeChat's OAuth page origin and its API origin, no trailing slash. */
  oauthBase: string;
  snsApiBase: string;
}

/** A PEM given in one line of an environment variable keeps its line breaks as `\n`. */
const pem = (v: string | undefined): string | undefined => v?.replace(/\\n/g, '\n');

const httpOrigin = (v: string): string | undefined => {
  try {
    const u = new URL(v);
    if ((u.protocol === 'http:' || u.protocol === 'https:') && (u.pathname === '/' || u.pathname === '')) return undefined;
  } catch {
    // refused below
  }
  return 'must be an http(s) origin';
};

/** The WECHAT_PAY_* settings (part of the wallet's section). */
export const wechatPaySettings = {
  WECHAT_PAY_MCHID: optionalText('(required with wechat)', 'WeChat Pay merchant id (商户号)'),
  WECHAT_PAY_APPID: optionalText(
    '(required with wechat)',
    'The AppID bound to the merchant (an official account or a mobile app) that H5 payments are made for',
  ),
  WECHAT_PAY_PRIVATE_KEY: optionalText(
    '(required with wechat)',
    'Merchant API private key (`apiclient_key.pem`): the PEM text (line breaks may be written `\\n`) or `file:///absolute/path`',
  ),
  WECHAT_PAY_CERT_SERIAL: optionalText(
    '(required with wechat)',
    "Serial number of the merchant API certificate (商户API证书序列号), sent with every request's signature",
  ),
  WECHAT_PAY_APIV3_KEY: optionalText(
    '(required with wechat)',
    'APIv3 key (32 characters, set in the merchant platform) that decrypts the AES-256-GCM resource of every notify',
  ),
  WECHAT_PAY_PLATFORM_KEY: optionalText(
    '(required with wechat)',
    'WeChat Pay public key (微信支付公钥) or platform certificate (PEM text or `file:///absolute/path`) that verifies every response and notify signature',
  ),
  WECHAT_PAY_PLATFORM_SERIAL: optionalText(
    '(required with wechat)',
    'The public key id (`PUB_KEY_ID_…`) or the platform certificate serial number, as the `Wechatpay-Serial` header names it',
  ),
  WECHAT_PAY_API_BASE: text(WECHAT_PAY_API, WECHAT_PAY_API, "Origin of WeChat Pay's API v3 the SDK calls (a test points it at a stand-in)", httpOrigin),
  WECHAT_PAY_APPSECRET: optionalText(
    '(unset: no JSAPI)',
    "AppSecret of the official account (公众号) whose AppID is WECHAT_PAY_APPID: with it, a payer inside WeChat pays by JSAPI after WeChat's OAuth (`snsapi_base`) names their openid; without it they are asked to open the page in a browser",
  ),
  WECHAT_OAUTH_BASE: text(
    WECHAT_OAUTH,
    WECHAT_OAUTH,
    "Origin of WeChat's OAuth page (`/connect/oauth2/authorize`) the payer's browser is sent to (a test points it at a stand-in)",
    httpOrigin,
  ),
  WECHAT_SNS_API_BASE: text(
    WECHAT_SNS_API,
    WECHAT_SNS_API,
    "Origin of WeChat's API where the OAuth code is exchanged for the openid (`/sns/oauth2/access_token`; a test points it at a stand-in)",
    httpOrigin,
  ),
};

type Values = { [K in keyof typeof wechatPaySettings]: z.output<(typeof wechatPaySettings)[K]['schema']> };

/** WeChat Pay's typed config; a key of the wrong shape is named here, a missing one by the provider and the production check. */
export function wechatPayConfig(v: Values, fail: Fail): WechatPayConfig {
  if (v.WECHAT_PAY_APIV3_KEY !== undefined && Buffer.byteLength(v.WECHAT_PAY_APIV3_KEY) !== 32)
    fail('WECHAT_PAY_APIV3_KEY', 'WECHAT_PAY_APIV3_KEY must be the 32-character APIv3 key');
  return {
    mchid: v.WECHAT_PAY_MCHID,
    appid: v.WECHAT_PAY_APPID,
    privateKey: pem(v.WECHAT_PAY_PRIVATE_KEY),
    certSerial: v.WECHAT_PAY_CERT_SERIAL,
    apiV3Key: v.WECHAT_PAY_APIV3_KEY,
    platformKey: pem(v.WECHAT_PAY_PLATFORM_KEY),
    platformSerial: v.WECHAT_PAY_PLATFORM_SERIAL,
    apiBase: v.WECHAT_PAY_API_BASE.replace(/\/+$/, ''),
    appSecret: v.WECHAT_PAY_APPSECRET,
    oauthBase: v.WECHAT_OAUTH_BASE.replace(/\/+$/, ''),
    snsApiBase: v.WECHAT_SNS_API_BASE.replace(/\/+$/, ''),
  };
}
