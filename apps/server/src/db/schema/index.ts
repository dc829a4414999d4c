export * from './users.ts';
export * from './interests.ts';
export * from './home.ts';
export * from './notifications.ts';
export * from './feed.ts';
export * from './chat.ts';
export * from './settings.ts';
