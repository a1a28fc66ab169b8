import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { id, strict, userBrief } from './common.js';

/** How the caller and another user relate. Friends are users who follow each other. */
export const relation = z.object({
  is_following: z.boolean().describe('the caller follows this user'),
  is_fan: z.boolean().describe('this user follows the caller'),
  is_friend: z.boolean().describe('both follow each other'),
});
export type Relation = z.infer<typeof relation>;

/** One row of the follow and fans lists. */
export const followUser = userBrief.extend(relation.shape).extend({
  signature: z.string(),
  followed_at: isoTime.describe('when the listed follow was made'),
});
export type FollowUser = z.infer<typeof followUser>;

/** Another user's public profile with the caller's relation to them. */
export const userProfile = userBrief.extend(relation.shape).extend({
  signature: z.string(),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  level: z.number().int(),
  follow_count: z.number().int(),
  fans_count: z.number().int(),
  is_blocked: z.boolean().describe('the caller blocked this user in chat'),
  is_self: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** Answer of follow / unfollow: the new relation and both counts that changed. */
export const followResult = relation.extend({
  user_id: z.number().int(),
  fans_count: z.number().int().describe("the followed user's fans"),
  follow_count: z.number().int().describe("the caller's follows"),
});
export type FollowResult = z.infer<typeof followResult>;

const target = { user_id: id };

export const socialRoutes = {
  followAdd: defineRoute({
    method: 'POST',
    path: 'user/attention/add',
    auth: 'member',
    tag: 'social',
    summary: 'Follow a user (idempotent; never oneself)',
    body: strict(target),
    data: followResult,
  }),
  followDel: defineRoute({
    method: 'DELETE',
    path: 'user/attention/del',
    auth: 'member',
    tag: 'social',
    summary: 'Unfollow a user (idempotent)',
    query: strict(target),
    data: followResult,
  }),
  followList: defineRoute({
    method: 'GET',
    path: 'user/attention/list',
    auth: 'member',
    tag: 'social',
    summary: 'Users the caller follows, newest follow first',
    query: pageQuery.strict(),
    data: pageOf(followUser),
  }),
  fansList: defineRoute({
    method: 'GET',
    path: 'user/fans',
    auth: 'member',
    tag: 'social',
    summary: 'Users who follow the caller, newest first, with follow-back state',
    query: pageQuery.strict(),
    data: pageOf(followUser),
  }),
  userProfile: defineRoute({
    method: 'GET',
    path: 'user/profile',
    auth: 'member',
    tag: 'social',
    summary: "Another user's public profile, counts, and the caller's relation to them",
    query: strict(target),
    data: userProfile,
  }),
};
