import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useFormatters } from '../lookups';
import { ListStatus } from '../../components/ListStatus';
import { AddedUserDialog } from './AddedUserDialog';
import { AddForm, type AddFormName } from './AddForms';
import { selectUsers, selectUsersState, usersRequested } from './slice';
import { TableHead } from '../../components/TableHead';
import { roleName } from '../../components/roleName';

/** /admin/users: every user with role and status, and the admin's user operations. */
export default function UsersScreen() {
  const fmt = useFormatters();
  const { t } = useTranslation('users');
  const dispatch = useAppDispatch();
  const users = useAppSelector(selectUsers);
  const { status, notice } = useAppSelector(selectUsersState);
  const [open, setOpen] = useState<AddFormName | null>(null);
  // An added user joins the list from the answer; a customer, workshop or store changes no user: the list is not read again.
  const close = useCallback(() => setOpen(null), []);
  useEffect(() => {
    dispatch(usersRequested());
  }, [dispatch]);

  return (
    <>
      <h1>{t('title')}</h1>
      <div className="toolbar">
        {(['user', 'customer', 'workshop', 'store'] as const).map((form) => (
          <button key={form} type="button" className="secondary" onClick={() => setOpen(form)}>
            {t(`forms.${form}.title`)}
          </button>
        ))}
        <button type="button" className="secondary" disabled>
          {t('addOffice')}
        </button>
        <Link to="/admin/user-roles" className="button-link">
          {t('userOperations')}
        </Link>
      </div>
      <ListStatus status={status} notice={notice} count={users.length} empty={t('empty')} />
      {status === 'failed' && (
        <button type="button" className="secondary" onClick={() => dispatch(usersRequested())}>
          {t('retry')}
        </button>
      )}
      {open && <AddForm form={open} users={users} onClose={close} />}
      <AddedUserDialog />
      {users.length > 0 && (
        <table>
          <TableHead labels={[t('columns.id'), t('columns.username'), t('columns.email'), t('columns.role'), t('columns.status'), t('columns.createdAt')]} />
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <td>{user.id}</td>
                <td>{user.username}</td>
                <td>{user.email}</td>
                <td>{roleName(t, user.role, user.role_name)}</td>
                <td>{t(`status.${user.status}`)}</td>
                <td>{fmt.date(user.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
