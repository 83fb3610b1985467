import { isNativeShell } from './shell';

export type ShareOutcome = 'shared' | 'copied' | 'failed';

/** The share sheet for an asset link: native in the shell, the Web Share API or the clipboard on the web. */
export const shareLink = async (link: { title: string; text: string; url: string }): Promise<ShareOutcome> => {
  try {
    if (isNativeShell()) {
      const { nativePlugins } = await import('./plugins');
      const { Share } = await nativePlugins();
      await Share.share({ title: link.title, text: link.text, url: link.url, dialogTitle: link.title });
      return 'shared';
    }
    if (typeof navigator.share === 'function') {
      await navigator.share(link);
      return 'shared';
    }
    await navigator.clipboard.writeText(link.url);
    return 'copied';
  } catch {
    return 'failed';
  }
};
