import type { Db } from '.';
import { foldCase } from '../../shared/text';

/*
 * A believable catalogue for demo data and benchmarks: option values, production steps,
 * workshops, B2B customers, products with options and routings, most of them assigned.
 * Deterministic (seeded), so two runs with the same size produce the same data.
 */

const OPTION_VALUES: Record<number, string[]> = {
  1: ['14K Altın', '18K Altın', '22K Altın', '925 Gümüş', 'Platin'],
  2: ['40 cm', '45 cm', '50 cm', '55 cm', '60 cm'],
  3: ['6', '8', '10', '12', '14', '16', '18'],
  4: ['Sarı', 'Beyaz', 'Rose'],
  5: ['8 ayar', '14 ayar', '18 ayar', '22 ayar'],
};
/** The karat each material is made in: a gold's own, none for silver or platinum. */
const KARAT_OF_MATERIAL: Record<string, string | null> = { '14K Altın': '14 ayar', '18K Altın': '18 ayar', '22K Altın': '22 ayar', '925 Gümüş': null, Platin: null };
const STEPS = ['Kesim', 'Döküm', 'Kaynak', 'Taş Mıhlama', 'Cila', 'Kaplama', 'Kalite Kontrol'];
const KINDS = ['Yüzük', 'Kolye', 'Bileklik', 'Küpe', 'Halhal', 'Kolye Ucu', 'Şahmeran Bileklik', 'Alyans'];
const STYLES = ['Tektaş', 'Harf', 'İsimli', 'Sonsuzluk', 'Kalp', 'Yıldız', 'Burgu', 'Taşlı', 'Minimal', 'Zincir', 'Damla', 'Yaprak'];
const WORKSHOPS = [
  { name: 'Kapalıçarşı Usta Atölyesi', code: 'KPC', address: 'Kalpakçılar Cd. 42, Fatih, İstanbul', company_name: 'Usta Kuyumculuk Ltd. Şti.' },
  { name: 'Kuyumcukent Döküm', code: 'KKD', address: 'Kuyumcukent, Bahçelievler, İstanbul', company_name: 'Döküm Sanayi A.Ş.' },
  { name: 'Trabzon Hasır Atölyesi', code: 'THA', address: 'Uzun Sk. 8, Ortahisar, Trabzon', company_name: 'Hasır Örme Ltd. Şti.' },
  { name: 'İzmir Mıhlama Evi', code: 'IME', address: 'Kemeraltı, Konak, İzmir', company_name: 'Mıhlama Kuyum Ltd. Şti.' },
];
const CUSTOMERS = [
  { name: 'Elif Demir', company_name: 'Demir Mücevher A.Ş.', email: 'siparis@demirmucevher.example.com', phone: '0212 555 10 10', address: 'Nişantaşı, Şişli, İstanbul', zip_code: '34365', city: 'İstanbul', tax_number: '1112223334' },
  { name: 'Can Aydın', company_name: 'Aydın Kuyum', email: 'can@aydinkuyum.example.com', phone: '0232 444 20 20', address: 'Alsancak, Konak, İzmir', zip_code: '35220', city: 'İzmir', tax_number: '5556667778' },
  { name: 'Selin Koç', company_name: 'Koç Takı Tasarım', email: 'selin@koctaki.example.com', phone: '0312 333 30 30', address: 'Çankaya, Ankara', zip_code: '06690', city: 'Ankara', tax_number: '9990001112' },
];

/** Small seeded generator (mulberry32): the same seed gives the same catalogue. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)], int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export interface DemoOwners {
  /** The demo workshop user, owner of the first workshop. */
  workshopUserId?: number;
  /** The demo customer user, owner of the first customer. */
  customerUserId?: number;
  adminId?: number;
}

/** Adds `products` products and the records around them to an empty catalogue. */
export async function seedCatalogue(db: Db, products: number, owners: DemoOwners = {}, seed = 42): Promise<void> {
  const rng = random(seed);
  const at = new Date().toISOString();

  const values: Record<number, number[]> = {};
  const valueIds = new Map<string, number>();
  for (const [optionId, names] of Object.entries(OPTION_VALUES)) {
    const rows = await db
      .insertInto('product_option_values')
      .values(names.map((value_name) => ({ option_id: Number(optionId), value_name })))
      .returning('id')
      .execute();
    values[Number(optionId)] = rows.map((r) => r.id);
    names.forEach((name, index) => valueIds.set(`${optionId}:${name}`, rows[index].id));
  }
  // The built-in steps already exist (the migrations add them); the others are added once.
  const existing = await db.selectFrom('production_steps').select(['id', 'step_name']).where('step_name', 'in', STEPS).orderBy('id').execute();
  const stepIds: number[] = [];
  for (const step_name of STEPS) {
    const found = existing.find((step) => step.step_name === step_name);
    stepIds.push(
      found?.id ??
        (await db.insertInto('production_steps').values({ step_name, step_name_folded: foldCase(step_name), description: '', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id,
    );
  }

  const workshopIds: number[] = [];
  for (const [index, workshop] of WORKSHOPS.entries()) {
    const row = await db
      .insertInto('workshops')
      .values({
        ...workshop,
        user_id: index === 0 ? (owners.workshopUserId ?? null) : null,
        phone_number: `0212 600 0${index} 0${index}`,
        tax_number: `40000000${index}${index}`,
        is_deleted: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    workshopIds.push(row.id);
    await db
      .insertInto('workshop_processes')
      .values(stepIds.filter((_, i) => (i + index) % 2 === 0).map((step_id) => ({ workshop_id: row.id, step_id })))
      .execute();
  }

  for (const [index, customer] of CUSTOMERS.entries()) {
    await db
      .insertInto('customers')
      .values({ ...customer, user_id: index === 0 ? (owners.customerUserId ?? null) : null, credit: 25000 * (index + 1), created_at: at, updated_at: at })
      .execute();
  }

  const productRows = Array.from({ length: products }, (_, i) => {
    const kind = rng.pick(KINDS);
    const material = rng.pick(OPTION_VALUES[1]);
    const karat = KARAT_OF_MATERIAL[material];
    const price = rng.int(800, 45000);
    return {
      title: `${rng.pick(STYLES)} ${kind} ${i + 1}`,
      picture_url: null,
      sku: `DMO-${String(i + 1).padStart(5, '0')}`,
      material_id: valueIds.get(`1:${material}`)!,
      chain_length_id: kind.includes('Kolye') ? rng.pick(values[2]) : null,
      size_id: kind === 'Yüzük' || kind === 'Alyans' ? rng.pick(values[3]) : null,
      color_id: rng.pick(values[4]),
      karat_id: karat === null ? null : valueIds.get(`5:${karat}`)!,
      production_expected_days: rng.int(3, 21),
      product_group: kind,
      category: kind,
      price,
      min_price: Math.round(price * 0.9),
      max_price: Math.round(price * 1.2),
      expected_weight: Math.round(rng.int(15, 300)) / 10,
      workmanship_rate: rng.int(500, 2500) / 100,
      vendor: 'Demo',
      our_product_id: `AT-${1000 + i}`,
      our_product_id_folded: foldCase(`AT-${1000 + i}`),
      user_id: owners.adminId ?? null,
      workshop_id: rng.next() < 0.85 ? rng.pick(workshopIds) : null,
      created_at: at,
      updated_at: at,
    };
  });
  const productIds: number[] = [];
  await inChunks(productRows, 500, async (chunk) => {
    const rows = await db.insertInto('products').values(chunk).returning('id').execute();
    productIds.push(...rows.map((r) => r.id));
  });

  // Most products have a routing of three to five steps in the workshop's usual order.
  const routing = productIds.flatMap((productId) => {
    if (rng.next() < 0.1) return [];
    const count = rng.int(3, 5);
    const chosen = stepIds.filter(() => rng.next() < 0.7).slice(0, count);
    const steps = chosen.length >= 2 ? chosen : stepIds.slice(0, 3);
    return steps.map((step_id, index) => ({ product_id: productId, step_id, position_in_process: index + 1 }));
  });
  await inChunks(routing, 2000, (chunk) => db.insertInto('product_production_steps').values(chunk).execute());
}
