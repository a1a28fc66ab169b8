/** Every route of seed §2 (plus the update, newroom and system pages), by name. */
export const PATHS = {
  launch: '/',
  launchAlias: '/pages/index/launch',
  home: '/pages/index/index',
  live: '/pages/live/index',
  game: '/pages/game/index',
  forum: '/pages/forum/index',
  chats: '/pages/chats/index',
  user: '/pages/user/index',

  login: '/pages/login/index',
  register: '/pages/login/register',
  forget: '/pages/login/forget',

  userInfo: '/pages/user/info',
  userModify: '/pages/user/modify',
  attention: '/pages/user/attention',
  fans: '/pages/user/fans',
  walletRecord: '/pages/user/walletRecord',
  rechargeRecord: '/pages/user/rechargeRecord',
  create: '/pages/user/create',
  join: '/pages/user/join',
  recharge: '/pages/user/recharge',
  exchangeRecord: '/pages/user/exchangeRecord',
  shouyi: '/pages/user/shouyi',
  /** Withdraw gift earnings (not in the seed's route list; the wallet issue adds it). */
  withdraw: '/pages/user/withdraw',
  /** The VIP user centre's tiers and levels (the user centre's VIP badge opens it). */
  vip: '/pages/user/vip',

  room: '/pages/room/index',
  newroom: '/pages/room/newroom',
  /** The seed's whitelist names the newroom page "newroom index"; both spellings open it. */
  newroomAlias: '/pages/newroom/index',

  forumDetails: '/pages/forum/details',
  forumPublish: '/pages/forum/publish',
  tagDetails: '/pages/forum/tagDetails',
  tagList: '/pages/forum/tagList',
  activeList: '/pages/forum/activeList',
  activeDetails: '/pages/forum/activeDetails',
  forumSearch: '/pages/forum/search',
  myBbs: '/pages/forum/myBbs',

  rank: '/pages/rank/index',
  notice: '/pages/index/notice',
  video: '/pages/index/video',
  /** A live's replay in the vertical player (not a seed page). */
  replay: '/pages/index/replay',
  /** An anchor's own replays, to make private or delete (not a seed page). */
  replays: '/pages/user/replays',
  /** The creator dashboard: an anchor's income and lives (not a seed page). */
  dashboard: '/pages/user/dashboard',
  /** One live's figures on the creator dashboard (`?id=` the live). */
  dashboardLive: '/pages/user/dashboardLive',
  /** An anchor's live previews, to schedule, edit or cancel (not a seed page). */
  previews: '/pages/user/previews',
  uploadVd: '/pages/index/uploadVd',
  gamePlay: '/pages/game/game',
  chat: '/pages/chats/chat',
  chatVideo: '/pages/chats/video/video',
  findFriend: '/pages/chats/findFriend',
  chatSetting: '/pages/chats/setting',
  update: '/pages/update/index',
  chooseLocation: '/pages/system/chooseLocation',
  openLocation: '/pages/system/openLocation',
  /** The operator console (not a seed page): desktop layout, operators only. */
  admin: '/admin',
  adminSection: '/admin/:section',
} as const;

/** Where a room opens: video chat rooms on the newroom page, live rooms on the room page. */
export const roomPath = (room: { id: number; kind: 'live' | 'chat' }): string => `${room.kind === 'chat' ? PATHS.newroom : PATHS.room}?id=${room.id}`;
