import { SHOP_RETRY, type RetryPolicy } from '../jobs/queue';
import { notify } from '../notifications/notify';

/** The shops' jobs are tried as every job is; one that fails for good is told to the office ('shop_job_failed'). */
export const SHOP_JOB_RETRY: RetryPolicy = {
  ...SHOP_RETRY,
  async gaveUp(trx, job) {
    const store = job.connection_id === null ? null : await trx.selectFrom('shop_connections').select('shop_name').where('id', '=', job.connection_id).executeTakeFirst();
    const target = job.connection_id === null ? null : { store: job.connection_id };
    await notify(trx, {}, [{ kind: 'shop_job_failed', values: { store: store?.shop_name ?? '', job: job.kind }, target }]);
  },
};
