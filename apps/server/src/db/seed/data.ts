import type { FALLBACK_JOB_CATEGORIES } from '@caribconnect/shared';

type Category = (typeof FALLBACK_JOB_CATEGORIES)[number];

/** Titles people post in each of the spec's fallback categories. */
export const TITLES: Record<Category, string[]> = {
  'Retail & Grocery': ['Cashier', 'Store Supervisor', 'Stock Clerk', 'Deli Attendant', 'Assistant Store Manager', 'Customer Service Representative', 'Produce Clerk', 'Pharmacy Cashier'],
  'Cleaning Services': ['Housekeeper', 'Janitor', 'Office Cleaner', 'Laundry Attendant', 'Pool and Grounds Cleaner', 'Commercial Cleaning Supervisor', 'Window Cleaner'],
  Construction: ['Mason', 'Carpenter', 'Electrician', 'Plumber', 'Heavy Equipment Operator', 'Site Supervisor', 'Quantity Surveyor', 'Steel Fixer', 'Welder', 'Construction Labourer'],
  Hospitality: ['Front Desk Agent', 'Bartender', 'Line Cook', 'Sous Chef', 'Waiter', 'Guest Relations Officer', 'Night Auditor', 'Banquet Server', 'Reservations Agent', 'Tour Guide'],
  Transportation: ['Delivery Driver', 'Bus Driver', 'Forklift Operator', 'Dispatcher', 'Ferry Deckhand', 'Taxi Driver', 'Logistics Coordinator', 'Heavy Truck Driver'],
  Healthcare: ['Registered Nurse', 'Nursing Assistant', 'Pharmacist', 'Medical Laboratory Technician', 'Physiotherapist', 'Dental Assistant', 'Home Care Aide', 'Radiographer'],
  Education: ['Primary School Teacher', 'Mathematics Teacher', 'Early Childhood Educator', 'Spanish Teacher', 'Teaching Assistant', 'School Librarian', 'Guidance Counsellor', 'Private Tutor'],
  Sales: ['Sales Associate', 'Sales Representative', 'Insurance Sales Agent', 'Real Estate Agent', 'Account Executive', 'Telesales Agent', 'Car Sales Consultant', 'Territory Sales Manager'],
  'IT & Tech': ['Software Developer', 'IT Support Technician', 'Network Administrator', 'Web Developer', 'Data Analyst', 'Systems Administrator', 'Cybersecurity Analyst', 'Mobile App Developer'],
  Administrative: ['Administrative Assistant', 'Receptionist', 'Office Manager', 'Data Entry Clerk', 'Accounts Clerk', 'Executive Assistant', 'Human Resources Assistant', 'Payroll Officer'],
};

export const LEVELS = ['', '', '', 'Senior ', 'Junior ', 'Trainee ', 'Lead '];

/** Towns and the currency people quote salaries in, for the 32 Caribbean countries and territories. */
export const PLACES: Record<string, { towns: string[]; currency: string; monthly: [number, number] }> = {
  Anguilla: { towns: ['The Valley', 'Sandy Ground', 'Blowing Point'], currency: 'XCD', monthly: [3500, 9000] },
  'Antigua and Barbuda': { towns: ["St. John's", 'English Harbour', 'Codrington'], currency: 'XCD', monthly: [3000, 8500] },
  Aruba: { towns: ['Oranjestad', 'San Nicolaas', 'Noord'], currency: 'AWG', monthly: [2500, 7000] },
  Bahamas: { towns: ['Nassau', 'Freeport', 'Marsh Harbour'], currency: 'BSD', monthly: [1800, 5500] },
  Barbados: { towns: ['Bridgetown', 'Speightstown', 'Oistins', 'Holetown'], currency: 'BBD', monthly: [2800, 8000] },
  Belize: { towns: ['Belize City', 'Belmopan', 'San Ignacio', 'San Pedro'], currency: 'BZD', monthly: [1400, 4500] },
  Bermuda: { towns: ['Hamilton', "St. George's", 'Somerset'], currency: 'BMD', monthly: [3500, 9500] },
  'British Virgin Islands': { towns: ['Road Town', 'Spanish Town', 'East End'], currency: 'USD', monthly: [2200, 6000] },
  'Caribbean Netherlands': { towns: ['Kralendijk', 'Oranjestad (Sint Eustatius)', 'The Bottom'], currency: 'USD', monthly: [1800, 4800] },
  'Cayman Islands': { towns: ['George Town', 'West Bay', 'Bodden Town'], currency: 'KYD', monthly: [2500, 7500] },
  Cuba: { towns: ['Havana', 'Santiago de Cuba', 'Varadero', 'Trinidad'], currency: 'CUP', monthly: [4000, 12000] },
  'Curaçao': { towns: ['Willemstad', 'Sint Willibrordus', 'Barber'], currency: 'XCG', monthly: [2200, 6500] },
  Dominica: { towns: ['Roseau', 'Portsmouth', 'Marigot'], currency: 'XCD', monthly: [1800, 5000] },
  'Dominican Republic': { towns: ['Santo Domingo', 'Santiago de los Caballeros', 'Punta Cana', 'Puerto Plata'], currency: 'DOP', monthly: [18000, 75000] },
  Grenada: { towns: ["St. George's", 'Grenville', 'Gouyave'], currency: 'XCD', monthly: [2000, 6000] },
  Guadeloupe: { towns: ['Pointe-à-Pitre', 'Basse-Terre', 'Le Gosier'], currency: 'EUR', monthly: [1500, 3800] },
  Guyana: { towns: ['Georgetown', 'Linden', 'New Amsterdam'], currency: 'GYD', monthly: [80000, 350000] },
  Haiti: { towns: ['Port-au-Prince', 'Cap-Haïtien', 'Jacmel', 'Les Cayes'], currency: 'HTG', monthly: [15000, 60000] },
  Jamaica: { towns: ['Kingston', 'Montego Bay', 'Ocho Rios', 'Negril', 'Mandeville', 'Spanish Town'], currency: 'JMD', monthly: [65000, 300000] },
  Martinique: { towns: ['Fort-de-France', 'Le Lamentin', 'Sainte-Anne'], currency: 'EUR', monthly: [1500, 3800] },
  Montserrat: { towns: ['Brades', 'Salem', 'Little Bay'], currency: 'XCD', monthly: [2200, 5500] },
  'Puerto Rico': { towns: ['San Juan', 'Ponce', 'Mayagüez', 'Bayamón'], currency: 'USD', monthly: [1800, 5500] },
  'Saint Barthélemy': { towns: ['Gustavia', 'Saint-Jean', 'Lorient'], currency: 'EUR', monthly: [1900, 4500] },
  'Saint Kitts and Nevis': { towns: ['Basseterre', 'Charlestown', 'Sandy Point'], currency: 'XCD', monthly: [2500, 7000] },
  'Saint Lucia': { towns: ['Castries', 'Soufrière', 'Vieux Fort', 'Gros Islet'], currency: 'XCD', monthly: [2200, 6500] },
  'Saint Martin': { towns: ['Marigot', 'Grand Case', 'Quartier d’Orléans'], currency: 'EUR', monthly: [1600, 4000] },
  'Saint Vincent and the Grenadines': { towns: ['Kingstown', 'Georgetown', 'Port Elizabeth'], currency: 'XCD', monthly: [1800, 5500] },
  'Sint Maarten': { towns: ['Philipsburg', 'Simpson Bay', 'Cole Bay'], currency: 'XCG', monthly: [2200, 6000] },
  Suriname: { towns: ['Paramaribo', 'Lelydorp', 'Nieuw Nickerie'], currency: 'SRD', monthly: [6000, 25000] },
  'Trinidad and Tobago': { towns: ['Port of Spain', 'San Fernando', 'Chaguanas', 'Scarborough', 'Arima'], currency: 'TTD', monthly: [4500, 18000] },
  'Turks and Caicos Islands': { towns: ['Cockburn Town', 'Providenciales', 'Grace Bay'], currency: 'USD', monthly: [2000, 6000] },
  'US Virgin Islands': { towns: ['Charlotte Amalie', 'Christiansted', 'Frederiksted'], currency: 'USD', monthly: [2200, 6000] },
};

export const STREETS = ['Main Street', 'Harbour Road', 'Bay Street', 'Church Street', 'Queen Street', 'Independence Avenue', 'Airport Road', 'Market Street', 'Hill View Drive', 'Coconut Walk'];

export const COMPANY_FIRST = ['Island', 'Coral', 'Blue Water', 'Palm', 'Sunrise', 'Trade Winds', 'Caribbean', 'Harbour', 'Mango Tree', 'Seaside', 'Hibiscus', 'Reef', 'Tropic', 'Leeward', 'Windward', 'Crescent Bay'];
export const COMPANY_KIND: Record<Category, string[]> = {
  'Retail & Grocery': ['Supermarket', 'Grocers', 'Mart', 'Pharmacy & Variety'],
  'Cleaning Services': ['Cleaning Services', 'Janitorial Co.', 'Facility Care'],
  Construction: ['Builders', 'Construction Ltd', 'Engineering & Contracting', 'Developers'],
  Hospitality: ['Resort & Spa', 'Beach Hotel', 'Restaurant & Bar', 'Villas', 'Tours'],
  Transportation: ['Logistics', 'Freight & Shipping', 'Transport Services', 'Ferries'],
  Healthcare: ['Medical Centre', 'Hospital', 'Health Clinic', 'Dental Practice'],
  Education: ['Academy', 'Preparatory School', 'Learning Centre', 'Community College'],
  Sales: ['Trading Company', 'Insurance Group', 'Realty', 'Motors'],
  'IT & Tech': ['Tech Solutions', 'Digital', 'Networks', 'Software Studio'],
  Administrative: ['Holdings', 'Credit Union', 'Law Chambers', 'Accounting Services'],
};

export const DUTIES: Record<Category, string[]> = {
  'Retail & Grocery': ['serve customers at the till and handle cash, card and mobile payments', 'keep shelves stocked, faced and correctly priced', 'receive deliveries and check them against invoices', 'help customers find products and answer their questions'],
  'Cleaning Services': ['clean offices, rooms and common areas to a checklist', 'handle cleaning chemicals safely and keep the supply room in order', 'report damage and maintenance needs to the supervisor', 'work early mornings or evenings as the client requires'],
  Construction: ['read drawings and set out the work with the site team', 'follow the site safety plan and wear the required PPE', 'work to hurricane-resistant building standards', 'keep tools and equipment in good order'],
  Hospitality: ['welcome guests and make every stay memorable', 'work shifts that include weekends and public holidays', 'keep the service area spotless and well stocked', 'work closely with the kitchen and front office teams'],
  Transportation: ['plan routes and deliver on schedule', 'complete daily vehicle checks and logbooks', 'handle goods carefully and collect signatures on delivery', 'keep a clean driving record'],
  Healthcare: ['provide safe, compassionate care to patients', 'keep accurate records in our electronic system', 'work rotating shifts with a supportive team', 'follow infection-control protocols'],
  Education: ['plan and deliver lessons to the national curriculum', 'assess students and report progress to parents', 'supervise students during breaks and activities', 'take part in staff meetings and training days'],
  Sales: ['build relationships with new and existing customers', 'meet monthly targets with commission on top of salary', 'keep the CRM up to date', 'represent the company at trade days and events'],
  'IT & Tech': ['build and maintain our systems and applications', 'support staff with hardware, software and network issues', 'document changes and follow security practices', 'work with teams across the region, partly remote'],
  Administrative: ['manage calendars, correspondence and filing', 'prepare reports and spreadsheets for management', 'answer the phone and welcome visitors', 'keep records accurate and confidential'],
};

export const REQUIREMENTS = [
  'CXC/CSEC passes in English and Mathematics',
  'at least two years of experience in a similar role',
  'a valid driver’s licence',
  'good communication skills and a friendly manner',
  'a police record (certificate of character) issued within the last six months',
  'flexibility to work shifts',
  'basic computer skills',
  'fluency in English; Spanish, French or Dutch is an asset',
];

export const BENEFITS = ['health insurance', 'a pension plan', 'paid vacation', 'staff meals', 'transport allowance', 'training and career growth', 'performance bonus'];

export const PEOPLE = {
  employers: ['Marcia Thompson', 'Derek Gooding', 'Anjali Ramdass', 'Jean-Baptiste Laurent', 'Carmen Rodríguez'],
  jobSeekers: ['Keisha Browne', 'Andre Baptiste', 'Shanice Williams', 'Rohan Persaud', 'Nadia Charles', 'Luis Martínez', 'Tamara Joseph', 'Kemar Campbell'],
};
