import type { Migration, MigrationProvider } from 'kysely';
import * as auth from './2026-11-23-0001-auth';
import * as catalogue from './2026-11-23-0002-catalogue';
import * as workshopsCustomersOrders from './2026-11-23-0003-workshops-customers-orders';
import * as shops from './2026-11-23-0004-shops';
import * as lineHistory from './2026-11-23-0005-line-history';
import * as builtInSteps from './2026-11-23-0006-built-in-steps';
import * as auditLog from './2026-11-23-0007-audit-log';
import * as rateLimits from './2026-11-23-0008-rate-limits';
import * as lineChanges from './2026-11-23-0009-line-changes';
import * as gridViews from './2026-11-23-0010-grid-views';
import * as shopIntake from './2026-11-24-0011-shop-intake';
import * as catalogueSyncs from './2026-11-24-0012-catalogue-syncs';
import * as creditAndCurrency from './2026-11-24-0013-credit-and-currency';
import * as userLanguage from './2026-11-24-0014-user-language';
import * as metalLedger from './2026-11-24-0015-metal-ledger';
import * as metalLoss from './2026-11-24-0016-metal-loss';
import * as metalKarats from './2026-11-24-0017-metal-karats';
import * as metalRefining from './2026-11-24-0018-metal-refining';
import * as productShopUpdatedAt from './2026-11-24-0019-product-shop-updated-at';
import * as shopCurrency from './2026-11-24-0020-shop-currency';
import * as gramPlaces from './2026-11-26-0021-gram-places';
import * as historyWorkshops from './2026-11-26-0022-history-workshops';
import * as lineBarcodes from './2026-11-27-0023-line-barcodes';
import * as refusedWebhooks from './2026-11-27-0024-refused-webhooks';
import * as foldedNames from './2026-11-27-0025-folded-names';
import * as usernameLetters from './2026-11-27-0026-username-letters';
import * as closedAt from './2026-11-27-0027-closed-at';
import * as prunedChanges from './2026-11-27-0028-pruned-changes';
import * as figureIndexes from './2026-11-27-0029-figure-indexes';
import * as archiveIndexes from './2026-11-27-0030-archive-indexes';
import * as lineCustomers from './2026-11-27-0031-line-customers';
import * as lineStays from './2026-11-27-0032-line-stays';
import * as listVersions from './2026-11-27-0033-list-versions';
import * as viewCountIndexes from './2026-11-27-0034-view-count-indexes';
import * as ordersByCustomerDate from './2026-11-27-0035-orders-by-customer-date';
import * as scorecardIndexes from './2026-11-27-0036-scorecard-indexes';
import * as lineForecasts from './2026-11-27-0037-line-forecasts';
import * as figureSums from './2026-11-27-0038-figure-sums';
import * as notifications from './2026-11-27-0039-notifications';
import * as digestMails from './2026-11-27-0040-digest-mails';
import * as stayCounts from './2026-11-27-0041-stay-counts';
import * as figureDeltas from './2026-11-28-0042-figure-deltas';

/**
 * Every migration in the order it applies. Listed explicitly (not read from the folder) so the
 * same list works under tsx, jest and any bundler. Forward-only: never edit a landed entry, add one.
 */
const migrations: Record<string, Migration> = {
  '2026-11-23-0001-auth': auth,
  '2026-11-23-0002-catalogue': catalogue,
  '2026-11-23-0003-workshops-customers-orders': workshopsCustomersOrders,
  '2026-11-23-0004-shops': shops,
  '2026-11-23-0005-line-history': lineHistory,
  '2026-11-23-0006-built-in-steps': builtInSteps,
  '2026-11-23-0007-audit-log': auditLog,
  '2026-11-23-0008-rate-limits': rateLimits,
  '2026-11-23-0009-line-changes': lineChanges,
  '2026-11-23-0010-grid-views': gridViews,
  '2026-11-24-0011-shop-intake': shopIntake,
  '2026-11-24-0012-catalogue-syncs': catalogueSyncs,
  '2026-11-24-0013-credit-and-currency': creditAndCurrency,
  '2026-11-24-0014-user-language': userLanguage,
  '2026-11-24-0015-metal-ledger': metalLedger,
  '2026-11-24-0016-metal-loss': metalLoss,
  '2026-11-24-0017-metal-karats': metalKarats,
  '2026-11-24-0018-metal-refining': metalRefining,
  '2026-11-24-0019-product-shop-updated-at': productShopUpdatedAt,
  '2026-11-24-0020-shop-currency': shopCurrency,
  '2026-11-26-0021-gram-places': gramPlaces,
  '2026-11-26-0022-history-workshops': historyWorkshops,
  '2026-11-27-0023-line-barcodes': lineBarcodes,
  '2026-11-27-0024-refused-webhooks': refusedWebhooks,
  '2026-11-27-0025-folded-names': foldedNames,
  '2026-11-27-0026-username-letters': usernameLetters,
  '2026-11-27-0027-closed-at': closedAt,
  '2026-11-27-0028-pruned-changes': prunedChanges,
  '2026-11-27-0029-figure-indexes': figureIndexes,
  '2026-11-27-0030-archive-indexes': archiveIndexes,
  '2026-11-27-0031-line-customers': lineCustomers,
  '2026-11-27-0032-line-stays': lineStays,
  '2026-11-27-0033-list-versions': listVersions,
  '2026-11-27-0034-view-count-indexes': viewCountIndexes,
  '2026-11-27-0035-orders-by-customer-date': ordersByCustomerDate,
  '2026-11-27-0036-scorecard-indexes': scorecardIndexes,
  '2026-11-27-0037-line-forecasts': lineForecasts,
  '2026-11-27-0038-figure-sums': figureSums,
  '2026-11-27-0039-notifications': notifications,
  '2026-11-27-0040-digest-mails': digestMails,
  '2026-11-27-0041-stay-counts': stayCounts,
  '2026-11-28-0042-figure-deltas': figureDeltas,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
