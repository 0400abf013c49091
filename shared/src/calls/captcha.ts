import { z } from 'zod';
import { type CallDef, call } from '../call-def.js';
import * as A from '../schemas/account.js';

/** Image captchas: a solved one gives a single-use pass token that login and code requests take. */
export const captchaCalls = {
  getValidationImg: call({
    method: 'POST',
    path: '/users/getValidationImg',
    summary: 'New text image captcha',
    auth: 'public',
    x1: true,
    body: z.object({}).optional(),
    result: A.captchaResult,
  }),
  checkVerificationImageV2: call({
    method: 'POST',
    path: '/users/checkVerificationImageV2',
    summary: 'Check a text captcha; returns a single-use pass token',
    auth: 'public',
    x1: true,
    body: A.captchaCheckBody,
    result: A.captchaCheckResult,
  }),
  getVerificationV2: call({
    method: 'POST',
    path: '/users/getVerificationV2',
    summary: 'New arithmetic image captcha',
    auth: 'public',
    x1: true,
    body: z.object({}).optional(),
    result: A.captchaResult,
  }),
  checkVerificationImgV2: call({
    method: 'POST',
    path: '/users/checkVerificationImgV2',
    summary: 'Check an arithmetic captcha; returns a single-use pass token',
    auth: 'public',
    x1: true,
    body: A.captchaCheckBody,
    result: A.captchaCheckResult,
  }),
} satisfies Record<string, CallDef>;
