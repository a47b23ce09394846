import type { LoginBody, ResetPasswordBody, ResetRequestBody, SignupBody } from '@shop/shared/auth';
import type { User } from '@shop/shared/user';
import { api } from '../../lib/api-client';

export const authApi = {
  signup: (body: SignupBody) => api<User>('/auth/signup/', { method: 'POST', body }),
  login: (body: LoginBody) => api<User>('/auth/login/', { method: 'POST', body }),
  check: () => api<User>('/auth/check/'),
  logout: () => api<{ ok: true }>('/auth/logout/'),
  resetRequest: (body: ResetRequestBody) =>
    api<{ message: string }>('/mail/reset-password-request/', { method: 'POST', body }),
  resetPassword: (body: ResetPasswordBody) =>
    api<{ message: string }>('/auth/reset-password', { method: 'POST', body }),
};
