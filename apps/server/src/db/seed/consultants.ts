import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { account, clientRequests, consultantReviews, consultants, profiles, user } from '../schema';

/** Demo consultants (password: the demo password), with requests from demo job seekers and reviews. */
const CONSULTANTS = [
  {
    name: 'Keisha Brown',
    country: 'Jamaica',
    specialty: 'Finance',
    contact: 'WhatsApp +1 876 555 0101, weekdays 9–5',
    bio: 'Bookkeeping, payroll and tax returns for small hotels and shops in Kingston and Ocho Rios.',
  },
  {
    name: 'Jean-Baptiste Pierre',
    country: 'Haiti',
    specialty: 'Legal',
    contact: 'Office in Pétion-Ville, by appointment',
    bio: 'Business registration, leases and contracts, in Kreyòl, French and English.',
  },
  {
    name: 'Anika Ramdin',
    country: 'Trinidad and Tobago',
    specialty: 'IT',
    contact: 'anika.it on WhatsApp',
    bio: 'Networks, backups and laptops for offices of 5 to 50 people.',
  },
  {
    name: 'Marcus Greaves',
    country: 'Barbados',
    specialty: 'Marketing',
    contact: 'Instagram @greaves.marketing',
    bio: 'Social media and tourism campaigns for guesthouses and restaurants.',
  },
  {
    name: 'Daniela Martis',
    country: 'Curaçao',
    specialty: 'HR',
    contact: 'Mon–Thu, Willemstad',
    bio: 'Hiring, contracts and staff handbooks under Curaçao labour law.',
  },
  {
    name: 'Ricardo Féliz',
    country: 'Dominican Republic',
    specialty: 'Construction',
    contact: 'Site visits in Santo Domingo and Punta Cana',
    bio: 'Cost estimates and site supervision for homes and small commercial builds.',
  },
] as const;

export async function seedConsultants(db: Db, passwordHash: () => Promise<string>, seekerIds: string[], now: number) {
  const ids = CONSULTANTS.map((_, i) => `seed-consultant-${i + 1}`);
  const existing = new Set((await db.select({ id: user.id }).from(user)).map((u) => u.id));
  const hash = ids.some((id) => !existing.has(id)) ? await passwordHash() : '';
  for (const [i, c] of CONSULTANTS.entries()) {
    const id = ids[i]!;
    if (existing.has(id)) continue;
    const email = `consultant${i + 1}@demo.caribconnect.example`;
    const createdAt = new Date(now - (CONSULTANTS.length - i) * 3 * 24 * 60 * 60 * 1000);
    await db.transaction(async (tx) => {
      await tx.insert(user).values({ id, name: c.name, email, emailVerified: true }).onConflictDoNothing();
      await tx
        .insert(account)
        .values({ id: `${id}-credential`, accountId: id, providerId: 'credential', userId: id, password: hash })
        .onConflictDoNothing();
      await tx.insert(profiles).values({ id, fullName: c.name, role: 'consultant', email, country: c.country }).onConflictDoNothing();
      await tx
        .insert(consultants)
        .values({
          userId: id,
          fullName: c.name,
          email,
          country: c.country,
          specialty: c.specialty,
          contactInfo: c.contact,
          bio: c.bio,
          phone: '',
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing();
      // A few requests from demo job seekers, and reviews from some of them (the trigger keeps the rating).
      for (const [k, seeker] of seekerIds.slice(0, 2 + (i % 3)).entries()) {
        await tx.insert(clientRequests).values({
          consultantId: id,
          senderId: seeker,
          fullName: `Demo client ${k + 1}`,
          email: `client${k + 1}@demo.caribconnect.example`,
          phone: '',
          message: `Hello ${c.name.split(' ')[0]}, could we talk about my project next week?`,
        });
        if (k < 2)
          await tx
            .insert(consultantReviews)
            .values({
              consultantId: id,
              authorId: seeker,
              rating: 3 + ((i + k) % 3),
              comment: ['Quick and clear.', 'Knew exactly what to do.', 'Helpful, would ask again.'][(i + k) % 3]!,
            })
            .onConflictDoNothing();
      }
    });
  }
  await db.execute(sql`analyze consultants`);
  return CONSULTANTS.map((c, i) => ({ email: `consultant${i + 1}@demo.caribconnect.example`, name: c.name }));
}
