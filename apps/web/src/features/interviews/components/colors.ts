/**
 * The spec's green and red, dark enough for white text and for text on their light alert
 * backgrounds to pass WCAG AA (Mantine's green.9 reaches only 4.36:1 under white text).
 */
export const GREEN = '#1f6f33';
export const RED = 'red.9';
