export const scanKeys = {
  location: ['scan', 'location'] as const,
};
