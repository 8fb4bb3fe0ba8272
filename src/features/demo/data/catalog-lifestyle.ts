import type { TopCategory } from './catalog-types'

export const textilesAndApparel: TopCategory = {
  slug: 'textiles-and-apparel',
  name: 'Textiles & Apparel',
  colour: '#7c3aed',
  brands: [
    'Pooshak Pars',
    'Nakh Tabriz',
    'Baft Yazd',
    'Toranj',
    'Sahar Textile',
    'Abrisham',
    'Kashan Weave',
    'Urban Thread',
  ],
  attributes: [
    {
      key: 'Material',
      values: ['100% cotton', 'Cotton-polyester blend', 'Polyester', 'Linen', 'Microfibre', 'Wool blend'],
    },
    { key: 'Colour', values: ['White', 'Black', 'Navy', 'Grey', 'Beige', 'Assorted'] },
    { key: 'Sizes', values: ['S-XL', 'M-XXL', 'One size', 'Assorted sizes'] },
    { key: 'Origin', values: ['Iran', 'Turkey', 'China', 'Bangladesh'] },
    { key: 'Care', values: ['Machine wash 40 °C', 'Machine wash 60 °C', 'Hand wash'] },
    { key: 'Fabric weight', values: ['160 gsm', '180 gsm', '220 gsm', '400 gsm', '500 gsm'] },
  ],
  sentences: [
    'Colour-fast fabric that keeps its shape after repeated washing.',
    'Packed by size ratio so retailers receive a ready-to-sell assortment.',
    'Popular with clothing shops, hotels and uniform suppliers.',
    'Labels and swing tags can be customised on larger orders.',
  ],
  children: [
    {
      slug: 't-shirts-and-polos',
      name: 'T-Shirts & Polos',
      items: [
        'Crew Neck T-Shirt',
        'V-Neck T-Shirt',
        ['Polo Shirt', 1.2],
        ['Long Sleeve T-Shirt', 1.15],
        ['Kids T-Shirt', 0.7],
      ],
      qualifiers: ['Basic', 'Premium', 'Organic Cotton'],
      variants: [
        ['Pack of 5', 'bale of 10 packs', 10, 60_000_000],
        ['Single', 'carton of 50', 50, 70_000_000],
      ],
    },
    {
      slug: 'workwear',
      name: 'Workwear',
      items: ['Work Overalls', 'Work Trousers', 'Chef Jacket', 'Medical Scrubs Set', 'Work Jacket'],
      qualifiers: ['Durable', 'Reflective', 'Breathable'],
      variants: [
        ['Single', 'carton of 20', 20, 70_000_000],
        ['Pack of 5', 'carton of 4 packs', 4, 72_000_000],
      ],
    },
    {
      slug: 'socks-and-underwear',
      name: 'Socks & Underwear',
      items: [
        'Cotton Socks',
        'Sport Socks',
        ['Boxer Shorts', 1.4],
        ['Undershirt', 1.3],
        ['Thermal Socks', 1.2],
      ],
      qualifiers: ["Men's", "Women's", 'Kids'],
      variants: [
        ['Pack of 3', 'carton of 24 packs', 24, 40_000_000],
        ['Pack of 12', 'carton of 6 packs', 6, 40_000_000],
      ],
    },
    {
      slug: 'towels',
      name: 'Towels',
      items: [
        ['Bath Towel', 1, [0, 2]],
        ['Hand Towel', 0.6, [1, 2]],
        ['Beach Towel', 1.2, [0]],
        ['Tea Towel', 0.4, [1]],
        ['Bathrobe', 1, [3]],
      ],
      qualifiers: ['Hotel Grade', 'Cotton', 'Quick-Dry'],
      variants: [
        ['70x140 cm', 'carton of 24', 24, 60_000_000],
        ['50x90 cm', 'carton of 48', 48, 55_000_000],
        ['Set of 3', 'carton of 12 sets', 12, 50_000_000],
        ['One Size', 'carton of 12', 12, 45_000_000],
      ],
    },
    {
      slug: 'bed-linen',
      name: 'Bed Linen',
      items: [
        'Duvet Cover Set',
        ['Fitted Sheet', 0.6],
        ['Pillowcase Pair', 0.35],
        ['Flat Sheet', 0.55],
        ['Blanket', 1.1],
      ],
      qualifiers: ['Percale', 'Satin Stripe', 'Hotel White'],
      variants: [
        ['Single Size', 'carton of 12', 12, 45_000_000],
        ['Double Size', 'carton of 10', 10, 50_000_000],
        ['King Size', 'carton of 8', 8, 50_000_000],
      ],
    },
  ],
}

export const toys: TopCategory = {
  slug: 'toys',
  name: 'Toys',
  colour: '#dc2626',
  brands: [
    'Bazi Land',
    'Fun Pars',
    'Little Kian',
    'Rangarang Toys',
    'Happy Hour Kids',
    'Toot Toys',
    'Arman Play',
    'Kidora',
  ],
  attributes: [
    { key: 'Age', values: ['3+', '5+', '8+', '12+'] },
    { key: 'Material', values: ['Plastic', 'Wood', 'Plush', 'Cardboard', 'Metal'] },
    { key: 'Batteries', values: ['Not required', '2 x AA included', '3 x AAA required'] },
    { key: 'Safety standard', values: ['EN 71', 'ISIRI toy safety', 'ASTM F963'] },
    { key: 'Origin', values: ['Iran', 'China', 'Turkey', 'Vietnam'] },
    { key: 'Gift box', values: ['Yes', 'No'] },
  ],
  sentences: [
    'Tested to toy safety standards for small parts and paints.',
    'Bright, gift-ready packaging that sells itself on the shelf.',
    'A best-seller for toy shops, bookstores and supermarkets before Nowruz.',
    'Instructions are printed in Persian and English.',
  ],
  children: [
    {
      slug: 'building-blocks',
      name: 'Building Blocks',
      items: [
        'Building Blocks Set',
        ['Magnetic Tiles', 1.5],
        'Wooden Blocks',
        ['Construction Truck Kit', 1.2],
        ['Marble Run', 1.3],
      ],
      qualifiers: ['Classic', 'Creative', 'Junior'],
      variants: [
        ['100 Pieces', 'carton of 12', 12, 40_000_000],
        ['250 Pieces', 'carton of 6', 6, 45_000_000],
        ['500 Pieces', 'carton of 4', 4, 55_000_000],
      ],
    },
    {
      slug: 'dolls-and-figures',
      name: 'Dolls & Figures',
      items: ['Fashion Doll', 'Baby Doll', 'Action Figure', ['Animal Figures Set', 0.8], 'Plush Bear'],
      qualifiers: ['Deluxe', 'Mini', 'Collector'],
      variants: [
        ['Single', 'carton of 24', 24, 40_000_000],
        ['Set of 3', 'carton of 12 sets', 12, 42_000_000],
      ],
    },
    {
      slug: 'puzzles-and-board-games',
      name: 'Puzzles & Board Games',
      items: [
        ['Jigsaw Puzzle', 1, [0, 1]],
        ['Chess Set', 1.5, [2]],
        ['Backgammon Set', 1.8, [2]],
        ['Memory Card Game', 0.6, [2]],
        ['Family Board Game', 1.4, [2]],
      ],
      qualifiers: ['Classic', 'Travel', 'Deluxe'],
      variants: [
        ['500 Pieces', 'carton of 12', 12, 24_000_000],
        ['1000 Pieces', 'carton of 12', 12, 30_000_000],
        ['Boxed', 'carton of 12', 12, 28_000_000],
      ],
    },
    {
      slug: 'outdoor-toys',
      name: 'Outdoor Toys',
      items: [['Football', 2.5], 'Skipping Rope', 'Water Pistol', 'Kite', 'Frisbee', ['Bubble Wand', 0.6]],
      qualifiers: ['Junior', 'Pro', 'Glow'],
      variants: [
        ['Single', 'carton of 24', 24, 18_000_000],
        ['Pack of 6', 'carton of 8 packs', 8, 22_000_000],
      ],
    },
    {
      slug: 'educational-toys',
      name: 'Educational Toys',
      items: [
        'Alphabet Puzzle',
        ['Science Kit', 1.6],
        'Abacus',
        'Magnetic Letters',
        'Shape Sorter',
        ['Microscope Kit', 2],
      ],
      qualifiers: ['Wooden', 'Montessori', 'STEM'],
      variants: [
        ['Single', 'carton of 12', 12, 30_000_000],
        ['Classroom Pack of 6', 'carton of 4 packs', 4, 36_000_000],
      ],
    },
  ],
}
