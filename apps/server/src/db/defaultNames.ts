/**
 * English of the names the platform ships with (default categories, gifts, recharge packages and
 * their badges). The migration that introduced names per language gives existing rows these; the
 * demo seed gives its rows the same. Operators change them in the console.
 */
const EN: Record<string, string> = {
  热门: 'Popular',
  颜值: 'Looks',
  唱歌: 'Singing',
  游戏: 'Gaming',
  聊天: 'Chat',
  户外: 'Outdoors',
  搞笑: 'Comedy',
  舞蹈: 'Dance',
  音乐: 'Music',
  生活: 'Life',
  美食: 'Food',
  推荐: 'For you',
  才艺: 'Talent',
  萌宠: 'Pets',
  旅行: 'Travel',
  棒棒糖: 'Lollipop',
  玫瑰: 'Rose',
  爱心: 'Heart',
  跑车: 'Sports car',
  火箭: 'Rocket',
  皇冠: 'Crown',
  金龙: 'Golden dragon',
  超值: 'Best value',
};

/** The English of a default name ("N金币" → "N coins"), or undefined for a name of the operators' own. */
export function defaultEnglish(zh: string): string | undefined {
  const coins = /^(\d+)金币$/.exec(zh);
  if (coins) return `${coins[1]} coins`;
  return EN[zh];
}

/** The names column for a default name: `{"en": …}` when it is one we ship, else `{}`. */
export const defaultNames = (zh: string): string => {
  const en = defaultEnglish(zh);
  return JSON.stringify(en ? { en } : {});
};
