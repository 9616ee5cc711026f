/**
 * `npm run shop:fake`: the local Shopify-protocol server with one demo shop, for trying the product
 * without a real store. SHOP_FAKE_PORT (default 4010) and SHOP_FAKE_HOST (default 127.0.0.1) choose
 * its address; PUBLIC_URL, PORT and HOST are read as the product reads them, to name the product's.
 */
import { publicUrlOf } from '../../config';
import { startShopifyFake } from './index';
import { demoInstructions, openDemoShop } from './demo-shop';

async function main(): Promise<void> {
  const port = Number(process.env.SHOP_FAKE_PORT ?? 4010);
  const host = process.env.SHOP_FAKE_HOST ?? '127.0.0.1';
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`SHOP_FAKE_PORT=${process.env.SHOP_FAKE_PORT} is invalid`);
  const productUrl = publicUrlOf(process.env);
  const fake = await startShopifyFake({ port, host });
  console.log(demoInstructions(fake, openDemoShop(fake), productUrl));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await fake.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
