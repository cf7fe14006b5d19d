/** Every cache key of the payments feature. */
export const paymentKeys = {
  all: ['payments'] as const,
  mine: () => [...paymentKeys.all, 'mine'] as const,
};
