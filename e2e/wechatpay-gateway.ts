// The journeys' WeChat Pay gateway: the same protocol fake the server tests use (apps/server/src/test/fake-wechatpay.ts),
// in its own process on 127.0.0.1 with the keys the journey server reads (playwright.config.ts writes them).
import fs from 'node:fs';
import path from 'node:path';
import { startFakeWechatPay } from '../apps/server/src/test/fake-wechatpay';

const dir = process.env.WXPAY_KEYS_DIR!;
const ids = JSON.parse(fs.readFileSync(path.join(dir, 'ids.json'), 'utf8')) as {
  merchantSerial: string;
  publicKeyId: string;
  apiV3Key: string;
  appids: string[];
};
const fake = await startFakeWechatPay({
  port: Number(process.env.WXPAY_PORT),
  keys: {
    merchantPrivateKeyPem: fs.readFileSync(path.join(dir, 'apiclient_key.pem'), 'utf8'),
    platformPrivateKeyPem: fs.readFileSync(path.join(dir, 'platform_key.pem'), 'utf8'),
    apiV3Key: ids.apiV3Key,
    merchantSerial: ids.merchantSerial,
    publicKeyId: ids.publicKeyId,
  },
  appids: ids.appids,
});
console.log(`fake WeChat Pay on ${fake.baseUrl}`);
