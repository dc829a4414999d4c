/** '2764-fe0f' -> '❤️' */
export const emojiOf = (unified: string) => String.fromCodePoint(...unified.split('-').map((h) => parseInt(h, 16)));
