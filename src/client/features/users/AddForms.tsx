import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDto } from '../../../shared/api';
import { AMOUNT } from '../../../shared/decimal';
import { Role, type RoleId } from '../../../shared/roles';
import { customerSchema } from '../../../shared/schemas/customers';
import { storeSchema } from '../../../shared/schemas/shops';
import { addUserSchema } from '../../../shared/schemas/users';
import { workshopSchema } from '../../../shared/schemas/workshops';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { customersRequested, selectCustomerList } from '../customers';
import { roleName } from '../../components/roleName';
import { useFormatters } from '../lookups';
import { selectGeneralSettings } from '../settings';
import { type FormField, RecordForm } from './RecordForm';
import { type AddFormName, selectUsersState } from './slice';

export type { AddFormName };

/** The admin's add forms of /admin/users: a customer or workshop for a user of that role, a store (with its webhook secret) for a customer. */
export function AddForm({ form, users, onClose }: { form: AddFormName; users: UserDto[]; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { roles } = useAppSelector(selectUsersState);
  const dispatch = useAppDispatch();
  const customers = useAppSelector(selectCustomerList);
  const fmt = useFormatters();
  const currency = useAppSelector(selectGeneralSettings)?.currency ?? null;
  useEffect(() => {
    dispatch(customersRequested());
  }, [dispatch]);
  const usersOf = (role: RoleId) => users.filter((u) => u.role === role).map((u) => ({ value: u.id, label: `${u.username} (${u.email})` }));
  const userField = (role: RoleId): FormField => ({ name: 'user_id', choices: usersOf(role), placeholder: t('forms.chooseUser') });
  const customerField: FormField = {
    name: 'user_id',
    label: 'customer',
    choices: customers.filter((c) => c.user_id !== null).map((c) => ({ value: c.user_id!, label: `${c.company_name} - ${c.name}` })),
    placeholder: t('forms.chooseCustomer'),
  };
  const text = (...names: string[]): FormField[] => names.map((name) => ({ name }));
  const secrets = (...names: string[]): FormField[] => names.map((name) => ({ name, type: 'password' }));

  switch (form) {
    case 'user':
      // A user of any role; its workshop or customer record is added after, as for a role assigned.
      return (
        <RecordForm
          form="user"
          schema={addUserSchema}
          onClose={onClose}
          fields={[
            { name: 'username', hint: t('auth:usernameHint') },
            { name: 'email', type: 'email' },
            { name: 'name', label: 'fullName' },
            { name: 'role', choices: roles.map((role) => ({ value: role.id, label: roleName(t, role.id, role.role_name) })), placeholder: t('forms.chooseRole') },
          ]}
        />
      );
    case 'customer':
      return (
        <RecordForm
          form="customer"
          schema={customerSchema}
          onClose={onClose}
          fields={[
            userField(Role.Customer),
            ...text('name'),
            { name: 'email', type: 'email' },
            ...text('phone', 'address', 'zip_code', 'city', 'company_name', 'tax_number'),
            // A new credit is recorded in the settings currency.
            { name: 'credit', number: { rule: AMOUNT, preview: (credit) => fmt.money(credit, currency) } },
          ]}
        />
      );
    case 'workshop':
      return (
        <RecordForm
          form="workshop"
          schema={workshopSchema}
          onClose={onClose}
          fields={[userField(Role.Workshop), ...text('name', 'code', 'phone_number', 'company_name', 'tax_number', 'address')]}
        />
      );
    case 'store':
      return (
        <RecordForm
          form="store"
          schema={storeSchema}
          onClose={onClose}
          fields={[customerField, ...text('shop_name', 'api_key'), ...secrets('api_secret', 'access_token', 'webhook_secret')]}
        />
      );
  }
}
