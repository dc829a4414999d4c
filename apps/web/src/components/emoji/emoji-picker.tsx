import Picker, { EmojiStyle, Theme, type EmojiClickData } from 'emoji-picker-react';

/**
 * Native emoji only: pictures from a CDN are blocked by our Content-Security-Policy (and may be offline).
 * The picker keeps its own 'recently used' list (14 at most) in local storage under epr_suggested.
 * A module of its own so that it is loaded on demand (see EmojiPanel).
 */
export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <Picker
      theme={Theme.DARK}
      emojiStyle={EmojiStyle.NATIVE}
      width="100%"
      height={360}
      lazyLoadEmojis
      previewConfig={{ showPreview: false }}
      onEmojiClick={(data: EmojiClickData) => onPick(data.emoji)}
    />
  );
}
