import crypto from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { BACKUP_CODE_COUNT, SecurityErrorCode, type BackupCodes, type TotpSetup, type TotpStatus } from '@tribeverse/shared';
import { badRequest, conflict } from '../../lib/errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { Member } from '../users/users.service.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import type { TotpRepository } from './security-totp.repository.ts';

const ISSUER = 'Tribeverse';
const PERIOD = 30;
// One step either side: a phone clock a little off, or a code typed as it rolled over, still works.
const WINDOW = 1;
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // no 0/o, 1/l: read off paper without doubt

export const totpInvalidMsg = 'That code is not right. Check your authenticator app and try again.';
export const totpInvalid = () => badRequest(totpInvalidMsg, SecurityErrorCode.TOTP_INVALID, 'code');

const totpFor = (secret: string, label = '') =>
  new OTPAuth.TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });

/** The time step the code belongs to, or null if it fits none in the window. */
function matchingStep(secret: string, code: string): number | null {
  const now = Date.now();
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

const normalizeBackupCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
// Bound to the account, so one member's list of hashes says nothing about another's.
const hashBackupCode = (userId: number, code: string) => sha256(`totp-backup:${userId}:${normalizeBackupCode(code)}`);

function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const chars = Array.from({ length: 8 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

/**
 * Two-step verification by an authenticator app (TOTP): set up with a QR code and confirmed with a first code;
 * ten backup codes for a lost phone, each working once. Turning it on or off asks for the password and a code.
 * Each call says first what else refuses it (the app already on, or not), whatever the password; the password is
 * then checked by the PasswordGuard, and a code the member already holds by the account's second-step budget.
 */
export class TotpService {
  constructor(
    private readonly totp: TotpRepository,
    private readonly passwords: AuthApi['passwords'],
    private readonly secondStepLock: AuthApi['secondStepLock'],
  ) {}

  async status(user: Member): Promise<TotpStatus> {
    const row = await this.totp.find(user.id);
    const enabled = !!row?.enabledAt;
    return { enabled, backup_codes_left: enabled ? await this.totp.countBackupCodesLeft(user.id) : 0, has_password: !!user.passwordHash };
  }

  async isEnabled(userId: number) {
    return !!(await this.totp.find(userId))?.enabledAt;
  }

  async startSetup(user: Member, password: string): Promise<TotpSetup> {
    if (await this.isEnabled(user.id)) throw conflict('The authenticator app is already on. Turn it off first to set up another.');
    await this.passwords.check(user.id, password);
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await this.totp.savePending(user.id, secret);
    const otpauthUrl = totpFor(secret, user.email).toString();
    return {
      secret: secret.match(/.{1,4}/g)!.join(' '),
      otpauth_url: otpauthUrl,
      qr_data_url: await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
    };
  }

  /** The first code proves the app holds the secret; only then is it on, and the backup codes are shown, once. */
  async enable(user: Member, password: string, code: string): Promise<BackupCodes> {
    const row = await this.totp.find(user.id);
    if (!row || row.enabledAt) {
      throw conflict('Start the set-up again: scan the new QR code, then enter its code.', SecurityErrorCode.TOTP_NOT_PENDING);
    }
    await this.passwords.check(user.id, password);
    const step = matchingStep(row.secret, code);
    if (step === null) throw totpInvalid();
    const codes = newBackupCodes();
    await this.totp.enable(
      user.id,
      step,
      codes.map((c) => hashBackupCode(user.id, c)),
    );
    return { backup_codes: codes };
  }

  async disable(user: Member, password: string, code: string): Promise<TotpStatus> {
    if (!(await this.isEnabled(user.id))) return this.status(user);
    await this.passwords.check(user.id, password);
    if (!(await this.useCodeCounted(user.id, code))) throw totpInvalid();
    await this.totp.remove(user.id);
    return this.status(user);
  }

  async regenerateBackupCodes(user: Member, password: string, code: string): Promise<BackupCodes> {
    if (!(await this.isEnabled(user.id))) throw conflict('Turn on the authenticator app first.', SecurityErrorCode.TOTP_NOT_PENDING);
    await this.passwords.check(user.id, password);
    if (!(await this.useCodeCounted(user.id, code))) throw totpInvalid();
    const codes = newBackupCodes();
    await this.totp.replaceBackupCodes(
      user.id,
      codes.map((c) => hashBackupCode(user.id, c)),
    );
    return { backup_codes: codes };
  }

  /** useCode behind a session: its wrong codes count toward the same per-account budget as signing in. */
  private useCodeCounted(userId: number, code: string) {
    return this.secondStepLock.attempt(userId, () => this.useCode(userId, code));
  }

  /** Uses up an authenticator code (never the same one twice) or a backup code; false if neither is right. */
  async useCode(userId: number, code: string): Promise<boolean> {
    const row = await this.totp.find(userId);
    if (!row?.enabledAt) return false;
    if (/^\d{6}$/.test(code)) {
      const step = matchingStep(row.secret, code);
      return step !== null && (await this.totp.useStep(userId, step));
    }
    return this.totp.useBackupCode(userId, hashBackupCode(userId, code));
  }
}
