import type { FakeProductInput, FakeVariantInput } from './types';

/** Shopify-like handle: lower case, Turkish letters folded to ASCII, words joined by '-'. */
export function handleize(title: string): string {
  const folded = title
    .replace(/[İI]/g, 'i')
    .replace(/ı/g, 'i')
    .toLocaleLowerCase('tr')
    .replace(/ş/g, 's')
    .replace(/ğ/g, 'g')
    .replace(/ü/g, 'u')
    .replace(/ö/g, 'o')
    .replace(/ç/g, 'c')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  return folded.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'urun';
}

/** Small seeded generator, so a catalogue of a given size is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Kind {
  type: string;
  code: string;
  basePrice: number;
  names: string[];
  options: Array<{ name: string; values: string[] }>;
}

const COLOUR = { name: 'Renk', values: ['Sarı', 'Beyaz', 'Rose'] };
const MATERIAL = { name: 'Malzeme', values: ['Altın', 'Gümüş'] };

const KINDS: Kind[] = [
  {
    type: 'Kolye',
    code: 'KLY',
    basePrice: 2450,
    names: ['İsim Kolye', 'Harf Kolye', 'Kalp Kolye', 'Burç Kolye', 'Plaka Kolye', 'Aile Kolye', 'Yıldız Kolye', 'Çift Harf Kolye'],
    options: [MATERIAL, { name: 'Zincir Uzunluğu', values: ['40 cm', '45 cm', '50 cm'] }, COLOUR],
  },
  {
    type: 'Bileklik',
    code: 'BLK',
    basePrice: 1850,
    names: ['Harf Bileklik', 'Sonsuzluk Bileklik', 'Koordinat Bileklik', 'Nazar Bileklik', 'Zincir Bileklik'],
    options: [MATERIAL, { name: 'Beden', values: ['S', 'M', 'L'] }, COLOUR],
  },
  {
    type: 'Yüzük',
    code: 'YZK',
    basePrice: 3900,
    names: ['Tektaş Yüzük', 'Tarih Yüzük', 'Minimal Yüzük', 'Alyans', 'Baget Taşlı Yüzük'],
    options: [{ name: 'Ayar', values: ['14', '18', '22'] }, { name: 'Beden', values: ['12', '14', '16', '18'] }, COLOUR],
  },
  {
    type: 'Küpe',
    code: 'KPE',
    basePrice: 1650,
    names: ['Halka Küpe', 'Damla Küpe', 'Kelebek Küpe', 'Tek Taş Küpe'],
    options: [MATERIAL, COLOUR],
  },
  {
    type: 'Künye',
    code: 'KNY',
    basePrice: 2100,
    names: ['Bebek Künye', 'İsimli Künye'],
    options: [{ name: 'Ayar', values: ['14', '18'] }, { name: 'Beden', values: ['Bebek', 'Çocuk'] }],
  },
];

const STYLES = ['', 'Zarif', 'Minimal', 'İnce', 'Taşlı', 'Kişiye Özel', 'Vintage', 'Klasik'];

/**
 * `count` jewellery products as the shops of our customers list them: Turkish titles, options such as
 * Malzeme, Zincir Uzunluğu, Renk, Beden, Ayar (every fifth product names its material option in English,
 * "Material", as some shops do), unique SKUs. `seed` keeps successive calls from repeating themselves.
 */
export function generatedCatalogue(count: number, variantsPerProduct: number, seed: number, vendor: string): FakeProductInput[] {
  const next = random(seed + 1);
  const products: FakeProductInput[] = [];
  for (let n = 0; n < count; n++) {
    const kind = KINDS[Math.floor(next() * KINDS.length)];
    const style = STYLES[Math.floor(next() * STYLES.length)];
    const title = `${style} ${kind.names[Math.floor(next() * kind.names.length)]}`.trim();
    const english = n % 5 === 4;
    const options = kind.options.map((option) =>
      english && option === MATERIAL ? { name: 'Material', values: ['Gold', 'Silver'] } : option,
    );
    products.push({
      title,
      vendor,
      productType: kind.type,
      variants: variantsFor(options, Math.max(1, variantsPerProduct), `${kind.code}-${seed}-${n + 1}`, kind.basePrice + Math.floor(next() * 20) * 50),
    });
  }
  return products;
}

/** `wanted` variants over the options' combinations; a "Model" option is added when they run short. */
function variantsFor(options: Array<{ name: string; values: string[] }>, wanted: number, skuStem: string, price: number): FakeVariantInput[] {
  const combinationsOf = (list: Array<{ values: string[] }>) => list.reduce((n, option) => n * option.values.length, 1);
  let all = options;
  if (combinationsOf(options) < wanted) {
    const kept = options.slice(0, 2);
    const models = Math.ceil(wanted / combinationsOf(kept));
    all = [...kept, { name: 'Model', values: Array.from({ length: models }, (_, i) => `M${i + 1}`) }];
  }
  const combinations: Array<Record<string, string>> = [{}];
  for (const option of all) {
    const grown = combinations.flatMap((chosen) => option.values.map((value) => ({ ...chosen, [option.name]: value })));
    combinations.splice(0, combinations.length, ...grown);
  }
  // Spread the picks over all combinations, so a few variants still differ in every option.
  const step = combinations.length / wanted;
  const variants: FakeVariantInput[] = [];
  for (let n = 0; n < wanted; n++) {
    variants.push({ sku: `${skuStem}-${n + 1}`, price: `${price + n * 150}.00`, options: combinations[Math.floor(n * step)] });
  }
  return variants;
}

/** The demo shop of `npm run shop:fake`: 30 pieces with the options the workshop works with. */
export function demoCatalogue(vendor: string): FakeProductInput[] {
  // Gold in 14 or 18 karat; silver is always 925.
  const metals: Array<[string, string, string, number]> = [
    ['Altın', '14', 'AU14', 1],
    ['Altın', '18', 'AU18', 1.3],
    ['Gümüş', '925', 'AG925', 0.3],
  ];
  const pieces = (code: string, price: number, chain: boolean): FakeVariantInput[] =>
    metals.flatMap(([metal, karat, short, factor]) =>
      (chain ? ['40 cm', '45 cm'] : [null]).map((length) => ({
        sku: `${code}-${short}${length ? `-${length.slice(0, 2)}` : ''}`,
        price: `${Math.round((price * factor) / 50) * 50 + (length === '45 cm' ? 100 : 0)}.00`,
        options: { Malzeme: metal, Ayar: karat, ...(length ? { 'Zincir Uzunluğu': length } : {}) },
      })),
    );
  const items: Array<[string, string, number]> = [
    ['İsim Kolye', 'Kolye', 2450],
    ['Harf Kolye', 'Kolye', 2250],
    ['Çift Harf Kolye', 'Kolye', 2650],
    ['Kalp Kolye', 'Kolye', 2350],
    ['Burç Kolye', 'Kolye', 2550],
    ['Plaka Kolye', 'Kolye', 2150],
    ['Aile Kolye', 'Kolye', 3150],
    ['Yıldız Kolye', 'Kolye', 2300],
    ['Koordinat Kolye', 'Kolye', 2700],
    ['Nazar Kolye', 'Kolye', 1950],
    ['Harf Bileklik', 'Bileklik', 1850],
    ['İsim Bileklik', 'Bileklik', 1950],
    ['Sonsuzluk Bileklik', 'Bileklik', 2050],
    ['Koordinat Bileklik', 'Bileklik', 2150],
    ['Nazar Bileklik', 'Bileklik', 1750],
    ['Zincir Bileklik', 'Bileklik', 1650],
    ['Tektaş Yüzük', 'Yüzük', 5400],
    ['Tarih Yüzük', 'Yüzük', 3900],
    ['Minimal Yüzük', 'Yüzük', 2900],
    ['Baget Taşlı Yüzük', 'Yüzük', 4600],
    ['İsimli Yüzük', 'Yüzük', 3500],
    ['Halka Küpe', 'Küpe', 1650],
    ['Damla Küpe', 'Küpe', 1850],
    ['Kelebek Küpe', 'Küpe', 1750],
    ['Tek Taş Küpe', 'Küpe', 2950],
    ['Harf Küpe', 'Küpe', 1550],
    ['Bebek Künye', 'Künye', 2100],
    ['İsimli Künye', 'Künye', 2300],
    ['Zincir Halhal', 'Halhal', 1450],
    ['Harf Halhal', 'Halhal', 1550],
  ];
  return items.map(([title, productType, price], i) => ({
    title,
    productType,
    vendor,
    variants: pieces(`DM${String(i + 1).padStart(2, '0')}`, price, productType === 'Kolye'),
  }));
}
