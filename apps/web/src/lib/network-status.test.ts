import { describe, expect, it } from 'vitest';
import { isOffline, setPageNetwork, setWorkerNetwork } from './network-status';

describe('network status', () => {
  it('a page request failing for the network means offline until one succeeds', () => {
    expect(isOffline()).toBe(false);
    setPageNetwork(false);
    expect(isOffline()).toBe(true);
    setPageNetwork(true);
    expect(isOffline()).toBe(false);
  });

  it('an answer the worker gave from its saved copies succeeds on the page, yet the app is still offline', () => {
    setWorkerNetwork(false);
    setPageNetwork(true);
    expect(isOffline()).toBe(true);
    setWorkerNetwork(true);
    expect(isOffline()).toBe(false);
  });
});
