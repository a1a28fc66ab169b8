/**
 * The error-code table. 200 is success (seed §8). Business errors answer HTTP 200 with their code;
 * session errors answer HTTP 401 with a code in 11000400–11000410 so the client clears its session.
 */
export const ErrorCode = {
  OK: 200,
  /** In a 200 reply: the action needs a logged-in member; the client opens the login screen. */
  LOGIN_REQUIRED: -1,

  TOKEN_MISSING: 11000400,
  TOKEN_INVALID: 11000401,
  TOKEN_EXPIRED: 11000402,
  TOKEN_REVOKED: 11000403,
  ACCOUNT_DISABLED: 11000404,
  GUEST_NOT_ALLOWED: 11000405,

  VALIDATION: 10000,
  BODY_TOO_LARGE: 10001,
  NOT_FOUND: 10002,
  RATE_LIMITED: 10003,
  DECRYPT_FAILED: 10004,
  FORBIDDEN: 10005,
  CONFLICT: 10006,

  CAPTCHA_REQUIRED: 10100,
  CAPTCHA_WRONG: 10101,
  CAPTCHA_EXPIRED: 10102,
  SMS_CODE_WRONG: 10103,
  SMS_CODE_EXPIRED: 10104,
  SMS_TOO_FREQUENT: 10105,
  SMS_DAILY_LIMIT: 10106,
  SMS_NOT_SENT: 10107,

  MOBILE_TAKEN: 10200,
  ACCOUNT_OR_PASSWORD_WRONG: 10201,
  LOGIN_LOCKED: 10202,
  NOT_REGISTERED: 10203,
  NICKNAME_TAKEN: 10204,

  UPLOAD_BAD_FILE: 10300,
  UPLOAD_TOO_LARGE: 10301,
  /** Videos (issue 7): longer than VIDEO_MAX_DURATION_S. */
  VIDEO_TOO_LONG: 10302,

  /** Wallet (issue 4): the client offers recharge on BALANCE_NOT_ENOUGH. */
  BALANCE_NOT_ENOUGH: 10400,
  GIFT_NOT_FOUND: 10401,
  GIFT_TO_SELF: 10402,
  RECEIVER_NOT_FOUND: 10403,
  EARNINGS_NOT_ENOUGH: 10404,
  WITHDRAW_BELOW_MIN: 10405,
  ALREADY_CHECKED_IN: 10406,
  ORDER_NOT_PENDING: 10407,
  PAYMENT_REFUSED: 10408,
  /** The payment provider could not open a payment now (its API failed); nothing was charged. */
  PAYMENT_UNAVAILABLE: 10410,
  /** A tier-only gift sent below its VIP tier. */
  VIP_REQUIRED: 10409,

  /** Rooms (issue 3): anchors, rooms, the room channel. */
  NOT_ANCHOR: 10500,
  ANCHOR_APPLY_PENDING: 10501,
  ALREADY_ANCHOR: 10502,
  ROOM_CLOSED: 10503,
  ROOM_PASSWORD_REQUIRED: 10504,
  ROOM_PASSWORD_WRONG: 10505,
  ROOM_KICKED: 10506,
  ROOM_MUTED: 10507,
  ROOM_NOT_JOINED: 10508,
  MIC_NOT_ALLOWED: 10509,
  SEATS_FULL: 10510,
  SEAT_LOCKED: 10511,
  NOT_ON_SEAT: 10512,
  CATEGORY_NOT_FOUND: 10513,
  ROOM_PASSWORD_LOCKED: 10514,

  /** Fan clubs (issue 20). */
  FANCLUB_NOT_ANCHOR: 10520,
  FANCLUB_ALREADY_MEMBER: 10521,
  FANCLUB_NOT_MEMBER: 10522,
  FANCLUB_SELF: 10523,

  /** PK battles (issue 20). */
  PK_NOT_LIVE: 10530,
  PK_SELF: 10531,
  PK_BUSY: 10532,
  PK_INVITE_EXPIRED: 10533,
  PK_NOT_PARTY: 10534,
  PK_ENDED: 10535,

  /** Messages and friends (issue 6). */
  FOLLOW_SELF: 10600,
  CHAT_TO_SELF: 10601,
  CHAT_BLOCKED: 10602,
  CHAT_YOU_BLOCKED: 10603,
  CHAT_EMPTY: 10604,
  CHAT_TOO_LONG: 10605,
  CHAT_BAD_IMAGE: 10606,
  CHAT_REPLY_NOT_FOUND: 10607,
  CHAT_TOO_FAST: 10608,
  CALL_NOT_FRIENDS: 10609,

  /** Mini games (issue 8): the games host and its game sessions. */
  GAME_NOT_FOUND: 10900,
  GAME_SESSION_INVALID: 10901,
  GAME_ROUND_CLOSED: 10902,
  GAME_SCORE_REFUSED: 10903,
  GAMES_UNAVAILABLE: 10904,

  /** Operator console (issue 9): a member banned from something for a time. */
  BANNED_CHAT: 11100,
  BANNED_POST: 11101,
  BANNED_LIVE: 11102,
  /** Console sign-in (decision 0200): this session has not passed the second factor yet (HTTP 403). */
  SECOND_FACTOR_REQUIRED: 11110,
  /** The operator must enrol an authenticator app before using the console (HTTP 403). */
  SECOND_FACTOR_SETUP_REQUIRED: 11111,
  /** A wrong authenticator or recovery code; the message names the tries left. */
  SECOND_FACTOR_WRONG: 11112,

  /** WeChat Pay H5 is refused by WeChat inside its own browser (decision 0212): open the page in the phone's browser. */
  WECHAT_PAY_OPEN_IN_BROWSER: 11210,
  /** Web Push (issue 31): the server has no VAPID keys, so it cannot push (the client does not offer it then). */
  PUSH_OFF: 11220,

  /** Red envelopes (issue 35): the caller is not in the room (its room socket) to send or grab. */
  ENVELOPE_NOT_IN_ROOM: 11300,
  ENVELOPE_NOT_OPEN: 11301,
  ENVELOPE_EMPTY: 11302,
  ENVELOPE_EXPIRED: 11303,
  /** More shares than people in the room. */
  ENVELOPE_SHARES_OVER_ROOM: 11304,
  /** The amount is less than one coin per share. */
  ENVELOPE_AMOUNT_TOO_SMALL: 11305,
  ENVELOPE_ROOM_LIMIT: 11306,
  ENVELOPE_DAILY_LIMIT: 11307,
  ENVELOPE_ROOM_CLOSED: 11308,
  /** Lucky bags (福袋): the caller is not in the room (its room socket) to create or enter. */
  LUCKYBAG_NOT_IN_ROOM: 11320,
  /** Only the room's anchor puts up a bag. */
  LUCKYBAG_NOT_ANCHOR: 11321,
  LUCKYBAG_ROOM_CLOSED: 11322,
  /** The room has an open bag already (one at a time). */
  LUCKYBAG_ROOM_BUSY: 11323,
  LUCKYBAG_DAILY_LIMIT: 11324,
  /** The coin prize is less than one coin per winner. */
  LUCKYBAG_COINS_TOO_SMALL: 11325,
  /** The bag's time ended (or it was drawn): no more entries. */
  LUCKYBAG_ENDED: 11326,
  /** The entrant has not done the bag's task; the message names it. */
  LUCKYBAG_TASK_NOT_DONE: 11327,
  /** The anchor does not enter their own bag. */
  LUCKYBAG_OWN: 11328,
  /** The prize gift is not in the catalog (or cannot be sent). */
  LUCKYBAG_GIFT_NOT_FOUND: 11329,
  /** Stream health and the creator dashboard (issue 35): another anchor's room or live. */
  NOT_OWN_LIVE: 11360,
  /** A health sample for a room that is not live now. */
  HEALTH_NOT_LIVE: 11361,
  /** Live previews: the anchor has PREVIEW_PER_ANCHOR_OPEN scheduled already. */
  PREVIEW_TOO_MANY: 11380,
  /** Another anchor's preview (edit, cancel). */
  PREVIEW_NOT_OWN: 11381,
  /** The preview is done, cancelled or past its time: it cannot change or be reminded of. */
  PREVIEW_CLOSED: 11382,
  /** Clips (issue 35): the anchor turned clipping off in this room. */
  CLIP_OFF: 11400,
  /** The room is not live, or its egress has written nothing yet (or the replay has nothing at that time). */
  CLIP_NOT_LIVE: 11401,
  /** A password room's live or replay is never clipped (a clip is public). */
  CLIP_LOCKED_ROOM: 11402,
  /** The caller made CLIP_MAX_PER_HOUR clips in the last hour. */
  CLIP_TOO_MANY: 11403,
  /** ffmpeg could not make the clip from the segments (nothing was published). */
  CLIP_FAILED: 11404,

  INTERNAL: 50000,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** Codes that invalidate the session (seed §8): the client clears token and user info and relaunches at login. */
export const isSessionErrorCode = (code: number): boolean => code === ErrorCode.LOGIN_REQUIRED || (code >= 11000400 && code <= 11000410);

/** Default message for each code (zh-CN, the source language); the server may send a more specific one. */
export const errorMessages: Record<ErrorCodeValue, string> = {
  200: '成功',
  [-1]: '请先登录',
  11000400: '请先登录',
  11000401: '登录已失效，请重新登录',
  11000402: '登录已过期，请重新登录',
  11000403: '登录已退出，请重新登录',
  11000404: '账号已被禁用',
  11000405: '游客不能进行此操作，请登录',
  10000: '参数错误',
  10001: '请求内容过大',
  10002: '内容不存在',
  10003: '操作太频繁，请稍后再试',
  10004: '请求解密失败',
  10005: '没有权限',
  10006: '操作冲突，请重试',
  10100: '请先完成图形验证码',
  10101: '图形验证码错误',
  10102: '图形验证码已过期，请刷新',
  10103: '短信验证码错误',
  10104: '短信验证码已过期，请重新获取',
  10105: '验证码发送太频繁，请稍后再试',
  10106: '今日验证码发送次数已达上限',
  10107: '短信发送失败，请稍后再试',
  10200: '该手机号已注册',
  10201: '账号或密码错误',
  10202: '密码错误次数过多，请稍后再试',
  10203: '该手机号未注册',
  10204: '昵称已被使用',
  10300: '文件格式不支持',
  10301: '文件太大',
  10302: '视频时长不能超过60秒',
  10400: '金币余额不足，请先充值',
  10401: '礼物不存在',
  10402: '不能给自己送礼物',
  10403: '收礼用户不存在',
  10404: '可用收益不足',
  10405: '提现金额低于最低限额',
  10406: '今天已经签到过了',
  10407: '订单状态已变更',
  10408: '支付回调校验失败',
  10410: '支付渠道暂时不可用，请稍后再试',
  10409: 'VIP等级不足，无法赠送该礼物',
  10500: '您还不是主播，请先申请成为主播',
  10501: '主播申请审核中，请耐心等待',
  10502: '您已经是主播了',
  10503: '直播已结束',
  10504: '该房间需要密码',
  10505: '房间密码错误',
  10506: '您已被移出房间，暂时无法进入',
  10507: '您已被禁言',
  10508: '请先进入房间',
  10509: '主播未开放连麦',
  10510: '麦位已满',
  10511: '该麦位已锁定',
  10512: '不在麦位上',
  10513: '分类不存在',
  10514: '房间密码错误次数过多，请稍后再试',
  10520: '对方不是主播，没有粉丝团',
  10521: '你已经是粉丝团成员了',
  10522: '你不是该粉丝团成员',
  10523: '不能加入自己的粉丝团',
  10530: '对方不在直播中，无法PK',
  10531: '不能和自己PK',
  10532: '正在PK或邀请中，请稍后再试',
  10533: 'PK邀请已过期',
  10534: '你不是这场PK的主播',
  10535: 'PK已结束',
  10600: '不能关注自己',
  10601: '不能给自己发消息',
  10602: '对方已拒收你的消息',
  10603: '你已拉黑对方，解除拉黑后才能发消息',
  10604: '消息不能为空',
  10605: '消息最多500字',
  10606: '图片无效，请重新上传',
  10607: '引用的消息不存在',
  10608: '发送太频繁，请稍后再试',
  10609: '互相关注成为好友后才能视频通话',
  10900: '游戏不存在或已下架',
  10901: '游戏会话已失效，请重新进入游戏',
  10902: '本局游戏已结束',
  10903: '成绩无效，未发放奖励',
  10904: '游戏服务暂时不可用，请稍后再试',
  11100: '你已被禁言，暂时不能发消息',
  11101: '你已被禁止发帖，暂时不能发布内容',
  11102: '你已被禁止开播',
  11110: '请先完成两步验证',
  11111: '请先设置两步验证',
  11112: '验证码错误',
  11210: '微信内暂不支持微信支付，请点右上角“…”选择“在浏览器打开”后再支付',
  11220: '推送未开启',
  11300: '进入直播间后才能发红包或抢红包',
  11301: '红包还没开抢，请等倒计时结束',
  11302: '手慢了，红包已被抢完',
  11303: '红包已过期',
  11304: '红包个数不能超过直播间在线人数',
  11305: '每个红包至少1金币',
  11306: '这个直播间的红包太多了，请稍后再发',
  11307: '今天发的红包已达上限，明天再来吧',
  11308: '直播间未开播，不能发红包',
  11320: '进入直播间后才能参与福袋',
  11321: '只有主播可以在自己的直播间发福袋',
  11322: '直播间未开播，不能发福袋',
  11323: '直播间已有进行中的福袋，开奖后再发吧',
  11324: '今天发的福袋已达上限，明天再来吧',
  11325: '福袋金币至少每位中奖者1金币',
  11326: '福袋已开奖，下次早点来',
  11327: '完成任务后才能参与福袋',
  11328: '不能参与自己的福袋',
  11329: '福袋奖品礼物不存在',
  11360: '只能查看自己直播间的数据',
  11361: '直播未开始，暂无推流数据',
  11380: '直播预告太多了，请先取消一个',
  11381: '只能修改自己的直播预告',
  11382: '这个直播预告已结束',
  11400: '主播关闭了剪辑',
  11401: '直播还没开始或还没有可剪辑的画面，请稍后再试',
  11402: '加密直播间不能剪辑',
  11403: '剪辑太频繁了，请稍后再试',
  11404: '剪辑失败，请稍后再试',
  50000: '服务器开小差了，请稍后再试',
};
