import { yupResolver } from '@hookform/resolvers/yup';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { resetPasswordFormSchema } from '../../../shared/schemas/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PasswordField } from '../../components/fields';
import { NoticeView } from '../../components/NoticeView';
import { noticeCleared, resetRequested, selectAuth } from './slice';

/** Opened from the mailed link: sets a new password with the link's single-use token. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const token = useSearchParams()[0].get('token') ?? '';
  const { busy, notice, resetDone } = useAppSelector(selectAuth);
  const { register, handleSubmit, formState } = useForm({
    resolver: yupResolver(resetPasswordFormSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });
  const clear = { onChange: () => dispatch(noticeCleared()) };
  return (
    <div className="auth-wrap">
      <section className="card auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">{t('resetTitle')}</h1>
        {!token && <NoticeView notice={{ kind: 'error', key: 'auth:resetMissingToken' }} />}
        <NoticeView notice={notice} />
        {token && !resetDone && (
          <form noValidate onSubmit={handleSubmit(({ password }) => dispatch(resetRequested({ token, password })))}>
            <PasswordField label={t('newPassword')} autoComplete="new-password" autoFocus error={formState.errors.password?.message} {...register('password', clear)} />
            <PasswordField
              label={t('newPasswordConfirmation')}
              autoComplete="new-password"
              error={formState.errors.password_confirmation?.message}
              {...register('password_confirmation', clear)}
            />
            <button type="submit" className="submit" disabled={busy}>
              {t('resetButton')}
            </button>
          </form>
        )}
        <div className="auth-links">
          <Link to="/login">{t('toLogin')}</Link>
        </div>
      </section>
    </div>
  );
}
