import type { Db } from '../db/database.js';
import { DAY, HOUR, MINUTE, isoIn } from '../db/time.js';
import { defaultNames } from '../db/defaultNames.js';
import { hashPassword } from '../modules/auth/password.js';
import { seedDemoMember } from './user.seed.js';

const SEED_KEY = 'seed_demo_forum_version';
const A = (name: string) => `/static/forum/${name}.svg`;

const CATEGORIES = ['推荐', '生活', '才艺', '游戏', '萌宠', '旅行'];

const TAGS = [
  { name: '今晚的城市', cover: 'tag-night', description: '拍下你眼中的城市夜色', hot: 1 },
  { name: '深夜食堂', cover: 'tag-food', description: '夜宵、家常菜和你的拿手好菜', hot: 1 },
  { name: '一起来唱歌', cover: 'tag-sing', description: '翻唱、原创、K歌现场', hot: 1 },
  { name: '王者开黑', cover: 'tag-game', description: '组队上分，分享高光时刻', hot: 0 },
  { name: '萌宠日常', cover: 'tag-pet', description: '猫猫狗狗的可爱瞬间', hot: 1 },
  { name: '说走就走', cover: 'tag-travel', description: '旅行攻略和沿途风景', hot: 0 },
  { name: '日常碎碎念', cover: 'tag-daily', description: '今天发生了什么', hot: 0 },
  { name: '晚霞收集者', cover: 'tag-sunset', description: '每一片晚霞都值得被记录', hot: 0 },
];

/** The community's demo members (they also send the demo gifts: demo/demoGifts.ts). */
export const DEMO_FORUM_MEMBERS = [
  { mobile: '13800000021', nickname: '桃子汽水', avatar: 'avatar-1', gender: 2 },
  { mobile: '13800000022', nickname: '阿泽不熬夜', avatar: 'avatar-2', gender: 1 },
  { mobile: '13800000023', nickname: '橘猫饲养员', avatar: 'avatar-3', gender: 2 },
  { mobile: '13800000024', nickname: '山川与海', avatar: 'avatar-4', gender: 1 },
  { mobile: '13800000025', nickname: '麦克风小姐', avatar: 'avatar-5', gender: 2 },
  { mobile: '13800000026', nickname: '峡谷老司机', avatar: 'avatar-6', gender: 1 },
];

/** [author index, category, topics, minutes ago, text, images, comments [author, text, replies]] */
type Seed = [number, string, string[], number, string, string[], [number, string, [number, string][]?][]];
const POSTS: Seed[] = [
  [
    0,
    '生活',
    ['今晚的城市'],
    25,
    '下班路上抬头看见整条街的灯都亮了，突然觉得这座城市也挺温柔的。你们那边今晚天气怎么样？',
    ['post-city-1', 'post-city-2', 'post-city-3'],
    [
      [1, '好美！是在哪条街拍的呀', [[0, '在滨江路，晚上八点以后最好看～']]],
      [3, '城市的夜晚总是让人安心'],
    ],
  ],
  [
    2,
    '萌宠',
    ['萌宠日常'],
    70,
    '今天给主子买了新的猫窝，结果它还是选择睡在快递箱里……养猫的快乐就是这么朴实无华 😂',
    ['post-pet-1', 'post-pet-2'],
    [
      [0, '哈哈哈猫猫都是这样的', [[2, '纸箱才是真爱']]],
      [4, '想rua！'],
      [1, '我家的也是，几百块的窝放着当摆设'],
    ],
  ],
  [
    4,
    '才艺',
    ['一起来唱歌'],
    150,
    '今晚九点直播间唱《晴天》《稻香》，还有粉丝点歌环节，记得来捧场！准备了新的伴奏，音质比上次好多了～',
    ['post-mic-1'],
    [
      [1, '必须到！上次的《后来》听哭了'],
      [5, '可以点一首《孤勇者》吗', [[4, '可以的，等你来点～']]],
    ],
  ],
  [
    5,
    '游戏',
    ['王者开黑'],
    260,
    '五连胜之后终于上王者了！！感谢昨晚一起开黑的兄弟们，打野太稳了。今晚继续，有没有一起冲荣耀的？',
    ['post-game-1', 'post-game-2'],
    [
      [1, '带我一个，我辅助'],
      [3, '恭喜恭喜！'],
    ],
  ],
  [
    1,
    '生活',
    ['深夜食堂'],
    420,
    '凌晨一点的自制番茄牛腩面，汤底熬了两个小时。深夜放毒，对不起了各位。\n做法：牛腩焯水后和番茄、洋葱一起小火炖，最后下面条，撒点葱花就好。',
    ['post-food-1', 'post-food-2', 'post-food-3'],
    [
      [0, '看饿了……明天就做', [[1, '记得番茄要多放两个']]],
      [2, '深夜放毒实锤'],
      [4, '求收留！'],
    ],
  ],
  [
    3,
    '旅行',
    ['说走就走', '晚霞收集者'],
    900,
    '周末临时决定去海边，没做攻略，反而遇到了这辈子见过最美的晚霞。有时候计划赶不上变化，变化比计划更好。',
    ['post-sea-1', 'post-sunset-1', 'post-sunset-2', 'post-sea-2'],
    [
      [0, '太治愈了吧', [[3, '现场比照片还好看']]],
      [5, '是哪个海边？想去'],
    ],
  ],
  [
    0,
    '生活',
    ['日常碎碎念'],
    1500,
    '今天在地铁上看到一个小朋友给老奶奶让座，奶奶从包里掏出一颗糖给他。很小的事，但心情一整天都很好。',
    [],
    [
      [2, '这种小温暖最珍贵了'],
      [3, '看得我也想吃糖了'],
    ],
  ],
  [2, '萌宠', ['萌宠日常'], 2000, '第一次带狗子去宠物公园，它全程只想回家 😅 社恐狗狗的一天', ['post-pet-3'], [[5, '跟我一模一样']]],
  [
    4,
    '推荐',
    ['一起来唱歌', '日常碎碎念'],
    2900,
    '分享一个练声小技巧：每天早上用“嘟嘟唇”热身五分钟，气息会稳很多。坚持了一个月，高音终于不破了。',
    [],
    [
      [1, '收藏了，明天开始练'],
      [0, '谢谢分享！', [[4, '一起加油～']]],
    ],
  ],
  [
    3,
    '旅行',
    ['说走就走'],
    4300,
    '一个人的西北环线第七天，戈壁上的风很大，星空很近。给还在犹豫要不要出发的你：去吧，路上会遇到很多好人。',
    ['post-flower-1', 'post-sea-3'],
    [[2, '好羡慕，今年一定要去一次']],
  ],
  [1, '生活', ['晚霞收集者'], 5200, '公司楼顶的晚霞，今天加班也值了。', ['post-sunset-3'], []],
  [
    5,
    '游戏',
    ['王者开黑'],
    7100,
    '新赛季打野怎么玩？感觉节奏比上赛季快了很多，求大佬指点。',
    [],
    [
      [1, '前期多反野，经济起来就好打了'],
      [3, '多看小地图！'],
    ],
  ],
];

/**
 * Demo forum content (categories, topics, activities, banner ads, members with posts and comments),
 * created once per database in one transaction with its claim row, as the other demo seeds do.
 */
export async function seedDemoForum(db: Db): Promise<boolean> {
  const k = db.kysely;
  if (await k.selectFrom('settings').select('value').where('key', '=', SEED_KEY).executeTakeFirst()) return false;
  const password_hash = await hashPassword('demo1234');
  return db.tx(async (trx) => {
    const claimed = await trx
      .insertInto('settings')
      .values({ key: SEED_KEY, value: '1' })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const created = isoIn(-90 * DAY);
    const cates = new Map<string, number>();
    for (const [i, name] of CATEGORIES.entries()) {
      const r = await trx
        .insertInto('forum_categories')
        .values({ name, names: defaultNames(name), sort: i })
        .returning('id')
        .executeTakeFirstOrThrow();
      cates.set(name, r.id);
    }
    const tags = new Map<string, number>();
    for (const [i, t] of TAGS.entries()) {
      const r = await trx
        .insertInto('forum_tags')
        .values({ name: t.name, cover: A(t.cover), description: t.description, hot: t.hot, sort: i, created_at: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      tags.set(t.name, r.id);
    }
    const acts = [
      {
        title: '夏日歌王争霸赛',
        cover: A('act-summer'),
        summary: '带话题 #一起来唱歌# 发布你的翻唱，点赞最多的前三名赢取定制麦克风',
        tag: '一起来唱歌',
        start: -3 * DAY,
        end: 20 * DAY,
      },
      { title: '萌宠晒图大赛', cover: A('act-pet'), summary: '晒出你家主子的可爱瞬间，人气王送一年猫粮狗粮', tag: '萌宠日常', start: -1 * DAY, end: 12 * DAY },
      { title: '城市夜景摄影季', cover: A('act-city'), summary: '用镜头记录城市灯火，优秀作品将登上开屏', tag: '今晚的城市', start: 5 * DAY, end: 35 * DAY },
    ];
    const actByTag = new Map<string, number>();
    for (const [i, a] of acts.entries()) {
      const rules = `1. 活动期间发布带话题 #${a.tag}# 的帖子即可参与；\n2. 内容须为原创，禁止搬运和抄袭；\n3. 按点赞数和评论数综合排名，结果在活动结束后三天内公布；\n4. 奖品以金币或实物形式发放，最终解释权归平台所有。`;
      const r = await trx
        .insertInto('forum_activities')
        .values({
          title: a.title,
          cover: a.cover,
          summary: a.summary,
          rules,
          tag_id: tags.get(a.tag)!,
          start_at: isoIn(a.start),
          end_at: isoIn(a.end),
          sort: i,
          created_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (a.start < 0) actByTag.set(a.tag, r.id);
    }
    await trx
      .insertInto('forum_ad_links')
      .values([
        { title: '今晚8点 星光盛典', image: A('ad-live'), url: '/pages/live/index', sort: 0, enabled: 1 },
        { title: '首充双倍金币', image: A('ad-recharge'), url: '/pages/user/recharge', sort: 1, enabled: 1 },
        { title: '邀请好友得金币', image: A('ad-app'), url: '', sort: 2, enabled: 1 },
      ])
      .execute();
    await trx
      .insertInto('forum_searches')
      .values(
        ['晚霞', '番茄牛腩', '王者上分', '猫窝推荐', '练声技巧', '西北环线', '夜景', '翻唱'].map((keyword, i) => ({
          keyword,
          count: 80 - i * 7,
          updated_at: created,
        })),
      )
      .execute();

    const ids: number[] = [];
    for (const u of DEMO_FORUM_MEMBERS) {
      const { user } = await seedDemoMember(trx, {
        mobile: u.mobile,
        password_hash,
        nickname: u.nickname,
        avatar: A(u.avatar),
        gender: u.gender,
        signature: '社区常驻用户',
        created_at: created,
      });
      ids.push(user.id);
    }
    // Oldest first, so ids follow time like real posts.
    for (const [author, cate, topics, minutes, content, images, comments] of [...POSTS].reverse()) {
      const at = Date.now() - minutes * MINUTE;
      const activity = topics.map((t) => actByTag.get(t)).find((x) => x !== undefined) ?? null;
      const post = await trx
        .insertInto('forum_posts')
        .values({
          user_id: ids[author]!,
          cate_id: cates.get(cate)!,
          activity_id: activity,
          content,
          images: JSON.stringify(images.map(A)),
          video: '',
          location_name: null,
          location_lat: null,
          location_lng: null,
          like_count: 0,
          comment_count: 0,
          created_at: new Date(at).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('forum_post_tags')
        .values(topics.map((t) => ({ post_id: post.id, tag_id: tags.get(t)! })))
        .execute();
      const likers = ids.filter((_, i) => i !== author && (i + minutes) % 3 !== 0);
      if (likers.length)
        await trx
          .insertInto('forum_post_likes')
          .values(likers.map((user_id) => ({ post_id: post.id, user_id, created_at: new Date(at + HOUR).toISOString() })))
          .execute();
      let n = 0;
      let t = at;
      for (const [who, text, replies = []] of comments) {
        t += 7 * MINUTE;
        const c = await trx
          .insertInto('forum_comments')
          .values({
            post_id: post.id,
            user_id: ids[who]!,
            parent_id: null,
            reply_to_user_id: null,
            content: text,
            like_count: ids.filter((_, i) => i !== who).slice(0, (who + n) % 4).length,
            created_at: new Date(Math.min(t, Date.now())).toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const fans = ids.filter((_, i) => i !== who).slice(0, (who + n) % 4);
        if (fans.length)
          await trx
            .insertInto('forum_comment_likes')
            .values(fans.map((user_id) => ({ comment_id: c.id, user_id, created_at: new Date(t).toISOString() })))
            .execute();
        n++;
        for (const [rw, rt] of replies) {
          t += 3 * MINUTE;
          await trx
            .insertInto('forum_comments')
            .values({
              post_id: post.id,
              user_id: ids[rw]!,
              parent_id: c.id,
              reply_to_user_id: ids[who]!,
              content: rt,
              like_count: 0,
              created_at: new Date(Math.min(t, Date.now())).toISOString(),
            })
            .execute();
          n++;
        }
      }
      await trx.updateTable('forum_posts').set({ like_count: likers.length, comment_count: n }).where('id', '=', post.id).execute();
    }
    return true;
  });
}
