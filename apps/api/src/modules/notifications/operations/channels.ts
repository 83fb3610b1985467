import { type ChannelState, channelTopics } from '@bw/contracts';
import { assets, channelSubscriptions, type Db } from '@bw/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../lib/app-error.js';

type Topic = (typeof channelTopics)[number];

/** `<assetId>` means all three topics of the asset; `<assetId>:<topic>` one of them. */
const parseChannel = (x: string): { assetId: string; topics: Topic[] } => {
  const [assetId = '', topic] = x.split(':');
  return { assetId, topics: topic ? [topic as Topic] : [...channelTopics] };
};

const channelKeys = (assetId: string, topics: Topic[]) => topics.map((topic) => `asset:${assetId}:${topic}`);

const requireAsset = async (db: Db, assetId: string) => {
  const [asset] = await db.select({ id: assets.id }).from(assets).where(eq(assets.id, assetId));
  if (!asset) throw new AppError('CHANNEL_NOT_FOUND');
};

/** `GET /api/v1/channel/subscribe/{x}`: whether the user follows the channel (every topic of it). */
export const channelState = async (db: Db, userId: string, x: string): Promise<ChannelState> => {
  const { assetId, topics } = parseChannel(x);
  await requireAsset(db, assetId);
  const keys = channelKeys(assetId, topics);
  const rows = await db
    .select({ channel: channelSubscriptions.channel })
    .from(channelSubscriptions)
    .where(and(eq(channelSubscriptions.userId, userId), inArray(channelSubscriptions.channel, keys)));
  const followed = new Set(rows.map((row) => row.channel));
  return {
    channel: x,
    assetId,
    topics: topics.filter((topic) => followed.has(`asset:${assetId}:${topic}`)),
    subscribed: keys.every((key) => followed.has(key)),
  };
};

/** Subscribes (idempotent: a second subscribe changes nothing) or unsubscribes the channel. */
export const setChannelSubscription = async (
  db: Db,
  userId: string,
  x: string,
  subscribed: boolean,
): Promise<ChannelState> => {
  const { assetId, topics } = parseChannel(x);
  await requireAsset(db, assetId);
  const keys = channelKeys(assetId, topics);
  if (subscribed) {
    await db
      .insert(channelSubscriptions)
      .values(keys.map((channel) => ({ userId, channel })))
      .onConflictDoNothing();
  } else {
    await db
      .delete(channelSubscriptions)
      .where(and(eq(channelSubscriptions.userId, userId), inArray(channelSubscriptions.channel, keys)));
  }
  return channelState(db, userId, x);
};

/** The users who follow a channel (for the modules that announce news, forum posts and price alerts). */
export const channelSubscribers = async (db: Db, assetId: string, topic: Topic): Promise<string[]> =>
  (
    await db
      .select({ userId: channelSubscriptions.userId })
      .from(channelSubscriptions)
      .where(eq(channelSubscriptions.channel, `asset:${assetId}:${topic}`))
  ).map((row) => row.userId);
