import type { AdCategorySlug } from '@caribconnect/shared';

/** What people sell and offer in each ad category, with a price range in US dollars. */
export const AD_ITEMS: Record<AdCategorySlug, { items: string[]; price: [number, number]; colors: [string, string] }> = {
  vehicles: {
    items: [
      'Toyota Corolla',
      'Honda Fit',
      'Nissan Note',
      'Suzuki Swift',
      'Toyota Hilux pickup',
      'Kia Sportage',
      'Mitsubishi Lancer',
      'Yamaha scooter',
      'Hyundai Tucson',
      'Mazda Demio',
    ],
    price: [2500, 28000],
    colors: ['#1c7ed6', '#a5d8ff'],
  },
  'property-rentals': {
    items: [
      'Two-bedroom apartment',
      'Beachfront villa',
      'Studio near campus',
      'Three-bedroom house',
      'Office space downtown',
      'Room to rent',
      'Land lot with sea view',
      'Furnished cottage',
    ],
    price: [450, 350000],
    colors: ['#e8590c', '#ffd8a8'],
  },
  electronics: {
    items: ['Samsung smart TV', 'iPhone', 'Dell laptop', 'PlayStation 5', 'Solar inverter', 'Bluetooth speaker', 'Canon camera', 'Android tablet', 'Generator'],
    price: [60, 1800],
    colors: ['#5f3dc4', '#d0bfff'],
  },
  'home-garden': {
    items: ['Mahogany dining table', 'Sofa set', 'Chest freezer', 'Garden tools', 'Queen bed frame', 'Ceiling fans', 'Water tank', 'Potted plants'],
    price: [25, 1500],
    colors: ['#2b8a3e', '#b2f2bb'],
  },
  'fashion-beauty': {
    items: ['Carnival costume', 'Handmade jewellery', 'Designer handbag', 'Wedding dress', 'Hair braiding kit', 'Sneakers', 'Madras fabric', 'Straw hats'],
    price: [10, 900],
    colors: ['#c2255c', '#fcc2d7'],
  },
  services: {
    items: ['House cleaning', 'Math tutoring', 'AC repair', 'Plumbing services', 'Web design', 'Catering for events', 'Car detailing', 'Photography'],
    price: [20, 600],
    colors: ['#0b7285', '#99e9f2'],
  },
  'business-promotion': {
    items: [
      'Grand opening sale',
      'New bakery in town',
      'Rum shop happy hour',
      'Boutique hotel deals',
      'Tour company specials',
      'Gym membership offer',
      'Printing shop discounts',
    ],
    price: [0, 0],
    colors: ['#e67700', '#ffec99'],
  },
  events: {
    items: ['Carnival fete tickets', 'Jazz festival passes', 'Boat party', 'Church bazaar', 'Cricket match tickets', 'Reggae night', 'Food festival'],
    price: [10, 250],
    colors: ['#862e9c', '#eebefa'],
  },
  'farm-fishing': {
    items: [
      'Fresh mahi-mahi',
      'Goats for sale',
      'Fishing pots',
      'Breadfruit and plantains',
      'Hydroponic lettuce',
      'Laying hens',
      'Coconut seedlings',
      'Outboard engine parts',
    ],
    price: [5, 4000],
    colors: ['#5c940d', '#d8f5a2'],
  },
  'boats-marine': {
    items: ['Fishing boat', 'Outboard engine 40 HP', 'Jet ski', 'Sailboat 28 ft', 'Kayaks', 'Snorkel gear', 'Boat trailer'],
    price: [150, 45000],
    colors: ['#1864ab', '#74c0fc'],
  },
  'jobs-wanted': {
    items: [
      'Experienced driver seeks work',
      'Nanny available',
      'Carpenter looking for jobs',
      'Student seeks summer job',
      'Bookkeeper available part-time',
      'Chef available for hire',
    ],
    price: [0, 0],
    colors: ['#495057', '#dee2e6'],
  },
};

export const AD_CONDITIONS = ['Like new', 'Good condition', 'Barely used', 'Well maintained', 'Brand new in box', 'Serviced recently'];
export const AD_CONTACT = [
  'Call or WhatsApp',
  'Message me here',
  'Serious enquiries only',
  'Viewing by appointment',
  'Price negotiable',
  'Can deliver island-wide',
];
