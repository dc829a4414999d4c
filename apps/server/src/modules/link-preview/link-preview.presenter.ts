import type { LinkPreview } from '@tribeverse/shared';
import type { LinkPreviewRow } from './link-preview.repository.ts';

export const presentLinkPreview = (row: LinkPreviewRow): LinkPreview => ({
  url: row.url,
  title: row.title,
  description: row.description,
  image: row.image,
  site_name: row.siteName,
});
