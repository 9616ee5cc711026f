import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePasswordFormSchema } from '../../../shared/schemas/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PasswordField, TextField } from '../../components/fields';
import { NoticeView } from '../../components/NoticeView';
import { passwordChangeRequested, passwordNoticeCleared, selectPassword } from './slice';

const EMPTY = { username: '', old_password: '', new_password: '', new_password_repeat: '' };

/** Password change of the logged-in user (admin settings tab, workshop account tab). */
export function PasswordChangeForm() {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  const { busy, notice, written } = useAppSelector(selectPassword);
  const { register, handleSubmit, formState, reset } = useForm({ resolver: yupResolver(changePasswordFormSchema), defaultValues: EMPTY });
  useEffect(() => {
    if (written) reset(EMPTY);
  }, [written, reset]);
  useEffect(
    () => () => {
      dispatch(passwordNoticeCleared());
    },
    [dispatch],
  );
  const clear = { onChange: () => dispatch(passwordNoticeCleared()) };
  const errors = formState.errors;
  return (
    <section className="card narrow" aria-labelledby="password-title">
      <h2 id="password-title">{t('passwordTitle')}</h2>
      <NoticeView notice={notice} />
      <form
        noValidate
        onSubmit={handleSubmit(({ username, old_password, new_password }) =>
          dispatch(passwordChangeRequested({ username: username.trim(), old_password, new_password })),
        )}
      >
        <TextField label={t('username')} autoComplete="username" error={errors.username?.message} {...register('username', clear)} />
        <PasswordField label={t('oldPassword')} autoComplete="current-password" error={errors.old_password?.message} {...register('old_password', clear)} />
        <PasswordField label={t('newPassword')} autoComplete="new-password" error={errors.new_password?.message} {...register('new_password', clear)} />
        <PasswordField
          label={t('newPasswordRepeat')}
          autoComplete="new-password"
          error={errors.new_password_repeat?.message}
          {...register('new_password_repeat', clear)}
        />
        <button type="submit" className="submit" disabled={busy}>
          {t('submit')}
        </button>
      </form>
    </section>
  );
}
