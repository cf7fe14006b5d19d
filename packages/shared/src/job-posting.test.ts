import { describe, expect, it } from 'vitest';
import { employmentTypeOf, jobPostingJsonLd, organizationJsonLd, parseSalary } from './job-posting';

describe('parseSalary', () => {
  it('reads a currency code, an amount and a period', () => {
    expect(parseSalary('JMD 120,000 per month')).toEqual({ currency: 'JMD', minValue: 120000, unit: 'MONTH' });
    expect(parseSalary('US$45,000/year')).toEqual({ currency: 'USD', minValue: 45000, unit: 'YEAR' });
    expect(parseSalary('TT$8,000 monthly')).toEqual({ currency: 'TTD', minValue: 8000, unit: 'MONTH' });
    expect(parseSalary('J$1,500 an hour')).toEqual({ currency: 'JMD', minValue: 1500, unit: 'HOUR' });
    expect(parseSalary('EC$ 2 500.50 weekly')).toEqual({ currency: 'XCD', minValue: 2500.5, unit: 'WEEK' });
    expect(parseSalary('€1.2m per annum')).toEqual({ currency: 'EUR', minValue: 1200000, unit: 'YEAR' });
  });

  it('reads a range with k suffixes', () => {
    expect(parseSalary('$50k-$60k')).toEqual({ currency: 'USD', minValue: 50000, maxValue: 60000 });
    expect(parseSalary('USD 60,000 to 50,000 a year')).toEqual({ currency: 'USD', minValue: 50000, maxValue: 60000, unit: 'YEAR' });
  });

  it("takes a bare $ as the job country's dollar", () => {
    expect(parseSalary('$90,000 monthly', 'Jamaica')).toMatchObject({ currency: 'JMD' });
    expect(parseSalary('$3,000 monthly', 'Saint Lucia')).toMatchObject({ currency: 'XCD' });
    expect(parseSalary('$3,000 monthly', 'Dominican Republic')).toMatchObject({ currency: 'USD' });
  });

  it('gives up without a currency or an amount, rather than guess', () => {
    for (const text of ['', 'Negotiable', '120,000 per month', 'Competitive (USD)', '$ depending on experience', 'Paid in 5 months']) {
      expect(parseSalary(text), text).toBeNull();
    }
  });

  it('does not read "5 months" as five million', () => {
    expect(parseSalary('US$500 for 5 months')).toMatchObject({ currency: 'USD', minValue: 5, maxValue: 500 });
  });
});

describe('employmentTypeOf', () => {
  it("maps our words to schema.org's and leaves unknown ones out", () => {
    expect(employmentTypeOf('Full-time')).toBe('FULL_TIME');
    expect(employmentTypeOf('part_time')).toBe('PART_TIME');
    expect(employmentTypeOf('Contract')).toBe('CONTRACTOR');
    expect(employmentTypeOf('seasonal-ish')).toBeUndefined();
    expect(employmentTypeOf(null)).toBeUndefined();
  });
});

describe('jobPostingJsonLd', () => {
  const job = {
    title: 'Line Cook',
    description: 'Cook <b>fast</b>.',
    company: 'Blue Mountain Hotel',
    country: 'Jamaica',
    address: '12 Hope Road, Kingston',
    salary: 'JMD 120,000 per month',
    createdAt: '2026-03-01T10:00:00.000Z',
  };

  it('has the fields Google for Jobs requires', () => {
    expect(jobPostingJsonLd(job, 'https://x.test/jobs/1')).toEqual({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: 'Line Cook',
      description: 'Cook <b>fast</b>.',
      datePosted: '2026-03-01T10:00:00.000Z',
      url: 'https://x.test/jobs/1',
      hiringOrganization: { '@type': 'Organization', name: 'Blue Mountain Hotel' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'Jamaica', streetAddress: '12 Hope Road, Kingston' } },
      baseSalary: { '@type': 'MonetaryAmount', currency: 'JMD', value: { '@type': 'QuantitativeValue', value: 120000, unitText: 'MONTH' } },
    });
  });

  it('adds the expiry and employment type when known, a salary range, and omits an unreadable salary', () => {
    const ld = jobPostingJsonLd({ ...job, salary: '$50k-$60k', expiresAt: '2026-04-01T00:00:00.000Z', employmentType: 'full-time' }, 'u');
    expect(ld).toMatchObject({
      validThrough: '2026-04-01T00:00:00.000Z',
      employmentType: 'FULL_TIME',
      baseSalary: { currency: 'JMD', value: { minValue: 50000, maxValue: 60000 } },
    });
    const none = jobPostingJsonLd({ ...job, salary: 'Negotiable', address: '' }, 'u');
    expect(none).not.toHaveProperty('baseSalary');
    expect(none).not.toHaveProperty('validThrough');
    expect(none).not.toHaveProperty('employmentType');
    expect(none.jobLocation).toEqual({ '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'Jamaica' } });
  });

  it('takes the structured fields first: a remote part-time job with a TTD range', () => {
    const ld = jobPostingJsonLd(
      {
        ...job,
        country: 'Trinidad and Tobago',
        salary: 'JMD 1 / day',
        employmentType: 'part-time',
        workplace: 'remote',
        salaryMin: 8000,
        salaryMax: 12000,
        salaryCurrency: 'TTD',
        salaryPeriod: 'month',
        expiresAt: '2026-04-01T23:59:59.999Z',
      },
      'u',
    );
    expect(ld).toMatchObject({
      employmentType: 'PART_TIME',
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'Trinidad and Tobago' },
      validThrough: '2026-04-01T23:59:59.999Z',
      baseSalary: { '@type': 'MonetaryAmount', currency: 'TTD', value: { '@type': 'QuantitativeValue', minValue: 8000, maxValue: 12000, unitText: 'MONTH' } },
    });
    expect(jobPostingJsonLd({ ...job, workplace: 'on-site' }, 'u')).not.toHaveProperty('jobLocationType');
  });
});

describe('companies in JSON-LD (issue 44)', () => {
  const job = {
    id: '1',
    title: 'Night Auditor',
    description: 'Nights.',
    company: 'Harbour View',
    country: 'Jamaica',
    address: '',
    salary: '',
    createdAt: '2026-03-01T10:00:00.000Z',
  };

  it("a job's hiringOrganization names its company, with the company's page and logo", () => {
    const ld = jobPostingJsonLd(
      { ...job, companyName: 'Harbour View Hotels', companySlug: 'harbour-view-hotels', companyLogoUrl: '/files/logos/a.webp' },
      'https://x.test/jobs/1',
    );
    expect(ld.hiringOrganization).toEqual({
      '@type': 'Organization',
      name: 'Harbour View Hotels',
      sameAs: 'https://x.test/companies/harbour-view-hotels',
      logo: 'https://x.test/files/logos/a.webp',
    });
  });

  it("a company's page is an Organization with its address, logo, site and founding year", () => {
    expect(
      organizationJsonLd(
        { name: 'Café Créole', about: 'A café.', website: 'https://cafe.test', logoUrl: '/files/logos/b.webp', country: 'Haiti', foundedYear: 1999 },
        'https://x.test/companies/cafe-creole',
      ),
    ).toEqual({
      '@context': 'https://schema.org/',
      '@type': 'Organization',
      name: 'Café Créole',
      url: 'https://x.test/companies/cafe-creole',
      description: 'A café.',
      sameAs: ['https://cafe.test'],
      logo: 'https://x.test/files/logos/b.webp',
      address: { '@type': 'PostalAddress', addressCountry: 'Haiti' },
      foundingDate: '1999',
    });
    expect(organizationJsonLd({ name: 'Plain' }, 'https://x.test/companies/plain')).toEqual({
      '@context': 'https://schema.org/',
      '@type': 'Organization',
      name: 'Plain',
      url: 'https://x.test/companies/plain',
    });
  });
});
