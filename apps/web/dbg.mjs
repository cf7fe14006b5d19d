const m = await import('./dist/server/entry-server.js');
const job = { id: 'j1', title: 'Cook', company: 'Co', country: 'Jamaica', category: 'Hospitality', description: 'desc', salary: 'JMD 1,000 per month', address: '', createdAt: '2026-01-01T00:00:00.000Z', userId: 'u', paid: true };
const fetch = async (url, init) => { console.log('fetch', url, init && Object.keys(init)); 
  if (url.startsWith('/api/jobs/missing')) return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'nf' }), { status: 404 });
  return new Response(JSON.stringify(url.includes('/api/me') ? { user: null } : job), { status: 200, headers: { 'content-type': 'application/json' } }); };
const r = await m.render({ url: process.argv[2], headers: {}, origin: 'http://x', fetch });
console.log(r.status, r.head);
