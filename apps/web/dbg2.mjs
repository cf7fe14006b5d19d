const m = await import('./dist/server/entry-server.js');
const fetch = async (url, init) => { 
  if (url.startsWith('/api/jobs/missing')) return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'nf' }), { status: 404 });
  return new Response(JSON.stringify({ user: null }), { status: 200, headers: { 'content-type': 'application/json' } }); };
for (let i = 0; i < 3; i++) { const r = await m.render({ url: '/jobs/missing', headers: {}, origin: 'http://x', fetch }); console.log(r.status); }
