import { describe, expect, it } from 'vitest';
import { changesWhoIsSignedIn, isStorable, strategyFor } from './offline-rules';

const ORIGIN = 'https://caribconnect.example';
const request = (path: string, init: { method?: string; mode?: string; headers?: Record<string, string> } = {}) => ({
  url: path.startsWith('http') ? path : ORIGIN + path,
  method: init.method ?? 'GET',
  mode: init.mode ?? 'cors',
  origin: ORIGIN,
  headers: new Headers(init.headers),
});
const response = (contentType: string, status = 200) => ({ status, type: 'basic', headers: new Headers({ 'content-type': contentType }) });

describe('what the service worker answers', () => {
  it('screens opened in a tab are pages; the API, files, robots and sitemaps opened there are not', () => {
    for (const path of ['/', '/jobs?country=Jamaica', '/jobs/123', '/inbox']) expect(strategyFor(request(path, { mode: 'navigate' })), path).toBe('page');
    for (const path of ['/api/resumes/u1/document', '/robots.txt', '/sitemap.xml', '/sitemaps/jobs-1.xml', '/assets/app-1.js'])
      expect(strategyFor(request(path, { mode: 'navigate' })), path).toBe('pass');
  });

  it('keeps JSON the person opened, never sign-in, event streams, writes or other sites', () => {
    expect(strategyFor(request('/api/jobs?limit=20'))).toBe('api');
    expect(strategyFor(request('/api/me'))).toBe('api');
    expect(strategyFor(request('/api/auth/get-session'))).toBe('pass');
    expect(strategyFor(request('/api/messages/stream?since=1'))).toBe('pass');
    expect(strategyFor(request('/api/anything', { headers: { accept: 'text/event-stream' } }))).toBe('pass');
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) expect(strategyFor(request('/api/jobs', { method })), method).toBe('pass');
    expect(strategyFor(request('https://elsewhere.example/api/jobs'))).toBe('pass');
  });

  it('keeps public pictures, never private files, videos or byte ranges', () => {
    expect(strategyFor(request('/api/files/ads/a1-abc-card.webp'))).toBe('image');
    expect(strategyFor(request('/api/files/avatars/u1-abc.webp'))).toBe('image');
    expect(strategyFor(request('/api/files/videos/a1-abc.mp4'))).toBe('pass');
    expect(strategyFor(request('/api/files/resumes/u1.pdf'))).toBe('pass');
    expect(strategyFor(request('/api/files/ads/a1-abc-card.webp', { headers: { range: 'bytes=0-' } }))).toBe('pass');
  });

  it('hashed files and the files of public/ are assets', () => {
    expect(strategyFor(request('/assets/jobs-list-Ab12.js'))).toBe('asset');
    expect(strategyFor(request('/icons/icon-192.png'))).toBe('asset');
  });

  it('stores only complete answers of the expected kind', () => {
    expect(isStorable('api', response('application/json; charset=utf-8'))).toBe(true);
    expect(isStorable('api', response('application/pdf'))).toBe(false);
    expect(isStorable('api', response('text/csv'))).toBe(false);
    expect(isStorable('api', response('application/json', 404))).toBe(false);
    expect(isStorable('page', response('text/html; charset=utf-8'))).toBe(true);
    expect(isStorable('page', response('text/html', 404))).toBe(false);
    expect(isStorable('image', response('image/webp'))).toBe(true);
    expect(isStorable('image', response('text/html'))).toBe(false);
  });

  it('a sign-in, sign-up or sign-out empties what was kept for the previous person', () => {
    for (const path of ['/api/auth/sign-out', '/api/auth/sign-in/email', '/api/signup'])
      expect(changesWhoIsSignedIn(request(path, { method: 'POST' })), path).toBe(true);
    expect(changesWhoIsSignedIn(request('/api/auth/sign-out'))).toBe(false);
    expect(changesWhoIsSignedIn(request('/api/jobs', { method: 'POST' }))).toBe(false);
  });
});
