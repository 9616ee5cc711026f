import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema, loginSchema, registerFormSchema } from '../../../shared/schemas/auth';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PasswordField, TextField } from '../../components/fields';
import { NoticeView } from '../../components/NoticeView';
import { selectSession } from '../session';
import { type AuthMode, forgotRequested, loginRequested, modeChanged, noticeCleared, registerRequested, selectAuth } from './slice';

function ModeLinks({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const link = (target: AuthMode, label: string) => (
    <button type="button" className="link" onClick={() => dispatch(modeChanged(target))}>
      {label}
    </button>
  );
  return (
    <div className="auth-links">
      {mode === 'login' ? link('register', t('toRegister')) : link('login', t('toLogin'))}
      {mode === 'login' && link('forgot', t('toForgot'))}
    </div>
  );
}

function LoginForm() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const { busy, prefill } = useAppSelector(selectAuth);
  const { register, handleSubmit, formState, setFocus } = useForm({
    resolver: yupResolver(loginSchema),
    defaultValues: { username: prefill, password: '' },
  });
  useEffect(() => setFocus(prefill ? 'password' : 'username'), [prefill, setFocus]);
  const clear = { onChange: () => dispatch(noticeCleared()) };
  return (
    <form noValidate onSubmit={handleSubmit((values) => dispatch(loginRequested({ username: values.username.trim(), password: values.password })))}>
      <TextField label={t('username')} autoComplete="username" error={formState.errors.username?.message} {...register('username', clear)} />
      <PasswordField label={t('password')} autoComplete="current-password" error={formState.errors.password?.message} {...register('password', clear)} />
      <button type="submit" className="submit" disabled={busy}>
        {t('loginButton')}
      </button>
    </form>
  );
}

function RegisterForm() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const { busy } = useAppSelector(selectAuth);
  const { register, handleSubmit, formState, setFocus } = useForm({
    resolver: yupResolver(registerFormSchema),
    defaultValues: { username: '', email: '', password: '', password_confirmation: '' },
  });
  useEffect(() => setFocus('username'), [setFocus]);
  const clear = { onChange: () => dispatch(noticeCleared()) };
  const errors = formState.errors;
  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ username, email, password }) =>
        dispatch(registerRequested({ username: username.trim(), email: email.trim(), password })),
      )}
    >
      <TextField label={t('username')} autoComplete="username" hint={t('usernameHint')} error={errors.username?.message} {...register('username', clear)} />
      <TextField label={t('email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email', clear)} />
      <PasswordField label={t('password')} autoComplete="new-password" error={errors.password?.message} {...register('password', clear)} />
      <PasswordField
        label={t('passwordConfirmation')}
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation', clear)}
      />
      <button type="submit" className="submit" disabled={busy}>
        {t('registerButton')}
      </button>
    </form>
  );
}

function ForgotForm() {
  const { t } = useTranslation('auth');
  const dispatch = useAppDispatch();
  const { busy } = useAppSelector(selectAuth);
  const { register, handleSubmit, formState, setFocus } = useForm({ resolver: yupResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  useEffect(() => setFocus('email'), [setFocus]);
  return (
    <form noValidate onSubmit={handleSubmit(({ email }) => dispatch(forgotRequested({ email: email.trim() })))}>
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        error={formState.errors.email?.message}
        {...register('email', { onChange: () => dispatch(noticeCleared()) })}
      />
      <button type="submit" className="submit" disabled={busy}>
        {t('forgotButton')}
      </button>
    </form>
  );
}

const TITLES: Record<AuthMode, string> = { login: 'loginTitle', register: 'registerTitle', forgot: 'forgotTitle' };

/** The authentication card with its three modes: login, register, forgot password. */
export function AuthCard() {
  const { t } = useTranslation('auth');
  const { mode, notice } = useAppSelector(selectAuth);
  const { endedBy } = useAppSelector(selectSession);
  return (
    <div className="auth-wrap">
      <section className="card auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{t(TITLES[mode])}</h1>
        {endedBy === 'idle' && !notice && <NoticeView notice={{ kind: 'info', key: 'auth:sessionExpired' }} />}
        <NoticeView notice={notice} />
        {mode === 'login' && <LoginForm />}
        {mode === 'register' && <RegisterForm />}
        {mode === 'forgot' && <ForgotForm />}
        <ModeLinks mode={mode} />
      </section>
    </div>
  );
}
