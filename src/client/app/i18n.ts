import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAccount from '../../../locales/en/account.json';
import enAudit from '../../../locales/en/audit.json';
import enAuth from '../../../locales/en/auth.json';
import enCatalogue from '../../../locales/en/catalogue.json';
import enCommon from '../../../locales/en/common.json';
import enCustomerOrders from '../../../locales/en/customerOrders.json';
import enCustomers from '../../../locales/en/customers.json';
import enDashboard from '../../../locales/en/dashboard.json';
import enErrors from '../../../locales/en/errors.json';
import enGridViews from '../../../locales/en/gridViews.json';
import enOrders from '../../../locales/en/orders.json';
import enSettings from '../../../locales/en/settings.json';
import enShops from '../../../locales/en/shops.json';
import enSteps from '../../../locales/en/steps.json';
import enSuccess from '../../../locales/en/success.json';
import enUsers from '../../../locales/en/users.json';
import enWorkshopOrders from '../../../locales/en/workshopOrders.json';
import enWorkshops from '../../../locales/en/workshops.json';
import enValidation from '../../../locales/en/validation.json';
import trAccount from '../../../locales/tr/account.json';
import trAudit from '../../../locales/tr/audit.json';
import trAuth from '../../../locales/tr/auth.json';
import trCatalogue from '../../../locales/tr/catalogue.json';
import trCommon from '../../../locales/tr/common.json';
import trCustomerOrders from '../../../locales/tr/customerOrders.json';
import trCustomers from '../../../locales/tr/customers.json';
import trDashboard from '../../../locales/tr/dashboard.json';
import trErrors from '../../../locales/tr/errors.json';
import trGridViews from '../../../locales/tr/gridViews.json';
import trOrders from '../../../locales/tr/orders.json';
import trSettings from '../../../locales/tr/settings.json';
import trShops from '../../../locales/tr/shops.json';
import trSteps from '../../../locales/tr/steps.json';
import trSuccess from '../../../locales/tr/success.json';
import trUsers from '../../../locales/tr/users.json';
import trWorkshopOrders from '../../../locales/tr/workshopOrders.json';
import trWorkshops from '../../../locales/tr/workshops.json';
import trValidation from '../../../locales/tr/validation.json';

/* One namespace per feature; Turkish is the product's language, English serves translators and tests. */
export const resources = {
  tr: { common: trCommon, auth: trAuth, dashboard: trDashboard, account: trAccount, users: trUsers, steps: trSteps, catalogue: trCatalogue, workshops: trWorkshops, customers: trCustomers, settings: trSettings, shops: trShops, workshopOrders: trWorkshopOrders, customerOrders: trCustomerOrders, orders: trOrders, audit: trAudit, gridViews: trGridViews, validation: trValidation, errors: trErrors, success: trSuccess },
  en: { common: enCommon, auth: enAuth, dashboard: enDashboard, account: enAccount, users: enUsers, steps: enSteps, catalogue: enCatalogue, workshops: enWorkshops, customers: enCustomers, settings: enSettings, shops: enShops, workshopOrders: enWorkshopOrders, customerOrders: enCustomerOrders, orders: enOrders, audit: enAudit, gridViews: enGridViews, validation: enValidation, errors: enErrors, success: enSuccess },
} as const;

export function createI18n(lng: 'tr' | 'en' = 'tr'): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: 'tr',
    defaultNS: 'common',
    ns: Object.keys(resources.tr),
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
