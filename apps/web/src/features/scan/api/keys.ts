export const scanKeys = {
  location: ['scan', 'location'] as const,
  interests: ['scan', 'interests'] as const,
};
