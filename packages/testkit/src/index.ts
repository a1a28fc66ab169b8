/**
 * What the server and browser suites share: waiting on a condition instead of a clock, fresh
 * members that never collide across files or processes, the payment providers' stand-ins, and VAPID keys.
 */
export { eventually, EventuallyTimeout, type EventuallyOptions } from './eventually.js';
export { freshMobile } from './members.js';
export { once } from './once.js';
export { reportFileTimings, type FileTiming } from './fileTimings.js';
export { StripeStandIn, type StandInSession } from './stripeStandIn.js';
export { AlipayStandIn, gbk, type StandInTrade as AlipayStandInTrade } from './alipayStandIn.js';
export { WechatPayStandIn, type StandInTrade as WechatStandInTrade } from './wechatPayStandIn.js';
export { vapidKeyPair } from './vapidKeys.js';
