/** Every cache key of the messages feature, from the broadest (invalidate all) to one entry. */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: () => [...messageKeys.all, 'conversations'] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  chat: (otherId: string) => [...messageKeys.all, 'chat', otherId] as const,
  contact: (userId: string) => [...messageKeys.all, 'contact', userId] as const,
  users: (q: string) => ['users', q] as const,
};
