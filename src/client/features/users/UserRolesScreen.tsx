import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleDto, UserDto } from '../../../shared/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListStatus } from '../../components/ListStatus';
import { roleAssignRequested, selectUsers, selectUsersState, usersRequested } from './slice';
import { TableHead } from '../../components/TableHead';
import { roleName } from '../../components/roleName';

function RoleRow({ user, roles, busy }: { user: UserDto; roles: RoleDto[]; busy: boolean }) {
  const { t } = useTranslation('users');
  const dispatch = useAppDispatch();
  const [chosen, setChosen] = useState(user.role);
  useEffect(() => setChosen(user.role), [user.role]);
  return (
    <tr>
      <td>{user.id}</td>
      <td>{user.username}</td>
      <td>{user.email}</td>
      <td>{roleName(t, user.role, user.role_name)}</td>
      <td>
        <select aria-label={t('roleFor', { username: user.username })} value={chosen} onChange={(e) => setChosen(roles.find((role) => String(role.id) === e.target.value)?.id ?? chosen)}>
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {roleName(t, role.id, role.role_name)}
            </option>
          ))}
        </select>
      </td>
      <td>
        <button type="button" disabled={busy || chosen === user.role} onClick={() => dispatch(roleAssignRequested({ userId: user.id, role: chosen }))}>
          {t('assign')}
        </button>
      </td>
    </tr>
  );
}

/** /admin/user-roles: one role select per user; assigning is possible once the choice differs. */
export default function UserRolesScreen() {
  const { t } = useTranslation('users');
  const dispatch = useAppDispatch();
  const users = useAppSelector(selectUsers);
  const { status, notice, roles, assigning } = useAppSelector(selectUsersState);
  useEffect(() => {
    dispatch(usersRequested());
  }, [dispatch]);

  return (
    <>
      <h1>{t('rolesTitle')}</h1>
      <ListStatus status={status} notice={notice} count={users.length} empty={t('empty')} />
      {users.length > 0 && (
        <table>
          <TableHead labels={[t('columns.id'), t('columns.username'), t('columns.email'), t('columns.role'), t('columns.newRole'), t('columns.action')]} />
          <tbody>
            {users.map((user) => (
              <RoleRow key={user.id} user={user} roles={roles} busy={assigning.includes(user.id)} />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
