/**
 * Feed cards shared by every viewer, kept by post id with the row version they were read from: a card is used only
 * while the database still holds that exact version, so a reader never sees one older than the page it asked for.
 * Only what every viewer sees alike is kept; each viewer's own flags are read for every page. Bounded: the oldest
 * entries go first.
 */
export class CardCache<T extends { id: number; version: string }> {
  private readonly cards = new Map<number, T>();

  constructor(private readonly capacity: number) {}

  /** The card of this post at exactly this version, if kept. */
  get(id: number, version: string): T | undefined {
    const card = this.cards.get(id);
    return card?.version === version ? card : undefined;
  }

  set(card: T) {
    this.cards.delete(card.id);
    this.cards.set(card.id, card);
    if (this.cards.size > this.capacity) this.cards.delete(this.cards.keys().next().value!);
  }
}
