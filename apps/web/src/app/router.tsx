import { createHashRouter, type RouteObject } from 'react-router';
import { lazyScreen, type LazyScreen } from './lazyScreen';
import { setPreloader } from '../lib/nav';
import { PATHS } from '../lib/paths';
import { Root } from './Root';
import { RouteError } from './RouteError';
import { TabLayout } from './TabLayout';

// Every screen is its own chunk, loaded when its route opens.
const S = {
  Launch: lazyScreen(() => import('../screens/Index/Launch')),
  Home: lazyScreen(() => import('../screens/Index/Home')),
  Notice: lazyScreen(() => import('../screens/Index/Notice')),
  Video: lazyScreen(() => import('../screens/Index/Video')),
  Replay: lazyScreen(() => import('../screens/Index/Replay')),
  Replays: lazyScreen(() => import('../screens/User/Replays')),
  Dashboard: lazyScreen(() => import('../screens/User/Dashboard')),
  DashboardLive: lazyScreen(() => import('../screens/User/DashboardLive')),
  Previews: lazyScreen(() => import('../screens/User/Previews')),
  UploadVd: lazyScreen(() => import('../screens/Index/UploadVd')),
  Live: lazyScreen(() => import('../screens/Live/Index')),
  Game: lazyScreen(() => import('../screens/Game/Index')),
  GamePlay: lazyScreen(() => import('../screens/Game/Play')),
  Forum: lazyScreen(() => import('../screens/Forum/Index')),
  ForumDetails: lazyScreen(() => import('../screens/Forum/Details')),
  ForumPublish: lazyScreen(() => import('../screens/Forum/Publish')),
  TagDetails: lazyScreen(() => import('../screens/Forum/TagDetails')),
  TagList: lazyScreen(() => import('../screens/Forum/TagList')),
  ActiveList: lazyScreen(() => import('../screens/Forum/ActiveList')),
  ActiveDetails: lazyScreen(() => import('../screens/Forum/ActiveDetails')),
  ForumSearch: lazyScreen(() => import('../screens/Forum/Search')),
  MyBbs: lazyScreen(() => import('../screens/Forum/MyBbs')),
  Chats: lazyScreen(() => import('../screens/Chats/Index')),
  Chat: lazyScreen(() => import('../screens/Chats/Chat')),
  ChatVideo: lazyScreen(() => import('../screens/Chats/VideoCall')),
  FindFriend: lazyScreen(() => import('../screens/Chats/FindFriend')),
  ChatSetting: lazyScreen(() => import('../screens/Chats/Setting')),
  User: lazyScreen(() => import('../screens/User/Index')),
  UserInfo: lazyScreen(() => import('../screens/User/Info')),
  UserModify: lazyScreen(() => import('../screens/User/Modify')),
  Attention: lazyScreen(() => import('../screens/User/Attention')),
  Fans: lazyScreen(() => import('../screens/User/Fans')),
  WalletRecord: lazyScreen(() => import('../screens/User/WalletRecord')),
  RechargeRecord: lazyScreen(() => import('../screens/User/RechargeRecord')),
  Create: lazyScreen(() => import('../screens/User/Create')),
  Join: lazyScreen(() => import('../screens/User/Join')),
  Recharge: lazyScreen(() => import('../screens/User/Recharge')),
  ExchangeRecord: lazyScreen(() => import('../screens/User/ExchangeRecord')),
  Shouyi: lazyScreen(() => import('../screens/User/Shouyi')),
  Withdraw: lazyScreen(() => import('../screens/User/Withdraw')),
  Vip: lazyScreen(() => import('../screens/User/Vip')),
  Room: lazyScreen(() => import('../screens/Room/Index')),
  NewRoom: lazyScreen(() => import('../screens/Room/NewRoom')),
  Rank: lazyScreen(() => import('../screens/Rank/Index')),
  Login: lazyScreen(() => import('../screens/Login/Login')),
  Register: lazyScreen(() => import('../screens/Login/Register')),
  Forget: lazyScreen(() => import('../screens/Login/Forget')),
  Update: lazyScreen(() => import('../screens/Update/Index')),
  ChooseLocation: lazyScreen(() => import('../screens/System/ChooseLocation')),
  OpenLocation: lazyScreen(() => import('../screens/System/OpenLocation')),
  Admin: lazyScreen(() => import('../screens/Admin/Gate')),
  NotFound: lazyScreen(() => import('../screens/NotFound')),
};

const byPath = new Map<string, LazyScreen>();
const page = (path: string, Screen: LazyScreen): RouteObject => {
  byPath.set(path, Screen);
  return { path, element: <Screen /> };
};

/** The route tree: tab pages share the tab layout; every other page stands alone. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      page(PATHS.launch, S.Launch),
      page(PATHS.launchAlias, S.Launch),
      {
        element: <TabLayout />,
        children: [
          page(PATHS.home, S.Home),
          page(PATHS.live, S.Live),
          page(PATHS.game, S.Game),
          page(PATHS.forum, S.Forum),
          page(PATHS.chats, S.Chats),
          page(PATHS.user, S.User),
        ],
      },
      page(PATHS.login, S.Login),
      page(PATHS.register, S.Register),
      page(PATHS.forget, S.Forget),
      page(PATHS.userInfo, S.UserInfo),
      page(PATHS.userModify, S.UserModify),
      page(PATHS.attention, S.Attention),
      page(PATHS.fans, S.Fans),
      page(PATHS.walletRecord, S.WalletRecord),
      page(PATHS.rechargeRecord, S.RechargeRecord),
      page(PATHS.create, S.Create),
      page(PATHS.join, S.Join),
      page(PATHS.recharge, S.Recharge),
      page(PATHS.exchangeRecord, S.ExchangeRecord),
      page(PATHS.shouyi, S.Shouyi),
      page(PATHS.withdraw, S.Withdraw),
      page(PATHS.vip, S.Vip),
      page(PATHS.room, S.Room),
      page(PATHS.newroom, S.NewRoom),
      page(PATHS.newroomAlias, S.NewRoom),
      page(PATHS.forumDetails, S.ForumDetails),
      page(PATHS.forumPublish, S.ForumPublish),
      page(PATHS.tagDetails, S.TagDetails),
      page(PATHS.tagList, S.TagList),
      page(PATHS.activeList, S.ActiveList),
      page(PATHS.activeDetails, S.ActiveDetails),
      page(PATHS.forumSearch, S.ForumSearch),
      page(PATHS.myBbs, S.MyBbs),
      page(PATHS.rank, S.Rank),
      page(PATHS.notice, S.Notice),
      page(PATHS.video, S.Video),
      page(PATHS.replay, S.Replay),
      page(PATHS.replays, S.Replays),
      page(PATHS.dashboard, S.Dashboard),
      page(PATHS.dashboardLive, S.DashboardLive),
      page(PATHS.previews, S.Previews),
      page(PATHS.uploadVd, S.UploadVd),
      page(PATHS.gamePlay, S.GamePlay),
      page(PATHS.chat, S.Chat),
      page(PATHS.chatVideo, S.ChatVideo),
      page(PATHS.findFriend, S.FindFriend),
      page(PATHS.chatSetting, S.ChatSetting),
      page(PATHS.update, S.Update),
      page(PATHS.chooseLocation, S.ChooseLocation),
      page(PATHS.openLocation, S.OpenLocation),
      page(PATHS.admin, S.Admin),
      page(PATHS.adminSection, S.Admin),
      page('*', S.NotFound),
    ],
  },
];

export function createAppRouter() {
  setPreloader((path) => byPath.get(path)?.preload());
  return createHashRouter(routes);
}
