import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A local server speaking Mangopay's documented REST API v2.01 (issue 38): OAuth client
 * credentials, natural users, EUR wallets, virtual accounts, IBAN bank accounts, bank-wire
 * payouts, transfers, pay-ins; the `Idempotency-Key` header replays the first answer; errors come
 * as `{ Message, Type, Id, Date, errors }` with Mangopay's status codes. Its hooks are what Mangopay
 * sends: an unsigned GET with `EventType`, `RessourceId` and `Date`. The `control` methods play the
 * outside world (a SEPA transfer arrives, a payout is executed, an outage, a difference).
 */
export type MangopayContractServer = {
  url: string;
  clientId: string;
  apiKey: string;
  platformUserId: string;
  feeWalletId: string;
  houseWalletId: string;
  /** Every request the server answered: method, path, status, idempotency key. */
  requests: { method: string; path: string; status: number; idempotencyKey: string | null }[];
  /** How long our hook endpoint took to answer, per hook sent. */
  hookAnswersMs: number[];
  control: {
    setHookUrl(url: string): void;
    /** A SEPA transfer to a virtual account's IBAN: the pay-in succeeds, the wallet is credited, the hook goes out. */
    incomingWire(input: {
      iban: string;
      amountCents: number;
      ownerName: string;
      ownerIban: string;
      reference: string;
    }): Promise<{ payInId: string; hookStatus: number }>;
    /**
     * A SEPA transfer to a wallet's own account (the platform's house wallet: an asset's income,
     * paid by the tenant or the electricity buyer): the pay-in succeeds, the hook goes out.
     */
    incomingWireToWallet(input: {
      walletId: string;
      amountCents: number;
      ownerName: string;
      ownerIban: string;
      reference: string;
    }): Promise<{ payInId: string; hookStatus: number }>;
    /**
     * Another Mangopay user (an issuer with its own wallet, topped up first) transfers to a wallet,
     * `Tag` as its reference: the transfer succeeds, the hook goes out.
     */
    outsideTransfer(input: {
      toWalletId: string;
      amountCents: number;
      tag: string;
    }): Promise<{ transferId: string; hookStatus: number }>;
    /** The bank executed (or refused) a payout: status final, the hook goes out. */
    completePayout(payoutId: string, outcome?: 'SUCCEEDED' | 'FAILED'): Promise<number>;
    payouts(): { id: string; status: string; amount: number; walletId: string }[];
    /** Changes a wallet's balance behind the platform's back (a difference to reconcile). */
    adjustBalance(walletId: string, deltaCents: number): void;
    balanceOf(walletId: string): number;
    /** `down`: every API call answers 503; `hang`: calls never answer. */
    setOutage(mode: 'none' | 'down' | 'hang'): void;
    sendHook(eventType: string, resourceId: string): Promise<number>;
  };
  close(): Promise<void>;
};

type Wallet = { Id: string; Owners: string[]; Currency: string; Balance: number; Description: string; Tag: string };
type Stored = Record<string, unknown> & { Id: string };

const now = () => Math.floor(Date.now() / 1000);
const money = (amount: number) => ({ Currency: 'EUR', Amount: amount });

export const startMangopayContractServer = async (port = 0): Promise<MangopayContractServer> => {
  const clientId = 'brickwise-contract';
  const apiKey = `key-${randomUUID()}`;
  const tokens = new Set<string>();
  const users = new Map<string, Stored>();
  const wallets = new Map<string, Wallet>();
  const virtualAccounts = new Map<string, Stored>();
  const bankAccounts = new Map<string, Stored>();
  const payIns = new Map<string, Stored>();
  const payOuts = new Map<string, Stored & { Status: string; DebitedWalletId: string; Amount: number }>();
  const transfers = new Map<string, Stored>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: MangopayContractServer['requests'] = [];
  const hookAnswersMs: number[] = [];
  let hookUrl: string | null = null;
  let outage: 'none' | 'down' | 'hang' = 'none';
  let sequence = 1000;
  const nextId = () => {
    sequence += 1;
    return String(sequence);
  };

  const platformUserId = nextId();
  users.set(platformUserId, { Id: platformUserId, PersonType: 'LEGAL', Name: 'Brickwise GmbH' });
  const platformWallet = (Description: string): string => {
    const Id = nextId();
    wallets.set(Id, { Id, Owners: [platformUserId], Currency: 'EUR', Balance: 0, Description, Tag: '' });
    return Id;
  };
  const feeWalletId = platformWallet('Gebühren');
  const houseWalletId = platformWallet('Plattform');

  const app: FastifyInstance = Fastify({
    logger: false,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
    done(null, body),
  );

  const error = (reply: FastifyReply, status: number, Type: string, Message: string, errors?: Record<string, string>) =>
    reply.code(status).send({ Message, Type, Id: randomUUID(), Date: now(), errors: errors ?? null });

  app.addHook('onResponse', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    requests.push({
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      status: reply.statusCode,
      idempotencyKey: typeof key === 'string' ? key : null,
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/_control')) return;
    if (outage === 'hang') {
      await new Promise(() => {});
    }
    if (outage === 'down') return error(reply, 503, 'service_unavailable', 'Service temporarily unavailable');
    if (request.url === '/v2.01/oauth/token') return;
    const auth = request.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !tokens.has(auth.slice(7))) {
      return error(reply, 401, 'forbidden_ressource', 'Authorization has been denied for this request.');
    }
    if (!request.url.startsWith(`/v2.01/${clientId}/`)) return error(reply, 404, 'ressource_not_found', 'Not found');
  });

  app.post('/v2.01/oauth/token', async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${clientId}:${apiKey}`).toString('base64')}`;
    if (request.headers.authorization !== expected || !String(request.body).includes('grant_type=client_credentials')) {
      return error(reply, 401, 'invalid_client', 'Invalid client credentials');
    }
    const token = randomUUID();
    tokens.add(token);
    return { access_token: token, token_type: 'Bearer', expires_in: 1200 };
  });

  /** Answers a create call once per Idempotency-Key; the same key again replays the first answer. */
  const once = async (
    request: FastifyRequest,
    reply: FastifyReply,
    create: () => { status: number; body: unknown } | Promise<{ status: number; body: unknown }>,
  ) => {
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string') {
      if (!/^[A-Za-z0-9-]{16,36}$/.test(key))
        return error(reply, 400, 'param_error', 'Invalid Idempotency-Key', { 'Idempotency-Key': 'format' });
      const replay = idempotent.get(key);
      if (replay) return reply.code(replay.status).send(replay.body);
    }
    const result = await create();
    if (typeof key === 'string') idempotent.set(key, result);
    return reply.code(result.status).send(result.body);
  };

  const required = (body: Record<string, unknown>, fields: string[]) => {
    const missing = fields.filter((field) => body[field] === undefined || body[field] === null || body[field] === '');
    return missing.length > 0 ? Object.fromEntries(missing.map((field) => [field, 'The field is required.'])) : null;
  };
  const paramError = (reply: FastifyReply, errors: Record<string, string>) =>
    error(reply, 400, 'param_error', 'One or several required parameters are missing or incorrect.', errors);
  const B = `/v2.01/${clientId}`;
  type WithId = { Params: { id: string } };

  app.post(`${B}/users/natural`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const missing = required(body, [
      'FirstName',
      'LastName',
      'Email',
      'Birthday',
      'Nationality',
      'CountryOfResidence',
      'UserCategory',
      'TermsAndConditionsAccepted',
    ]);
    if (missing) return paramError(reply, missing);
    return once(request, reply, () => {
      const user = { ...body, Id: nextId(), PersonType: 'NATURAL', CreationDate: now(), KYCLevel: 'LIGHT' };
      users.set(user.Id, user);
      return { status: 200, body: user };
    });
  });

  app.get<WithId>(`${B}/users/:id`, async (request, reply) => {
    const user = users.get(request.params.id);
    return user ?? error(reply, 404, 'ressource_not_found', 'Cannot found the ressource User with the id');
  });

  app.post(`${B}/wallets`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const missing = required(body, ['Owners', 'Currency', 'Description']);
    if (missing) return paramError(reply, missing);
    const owners = body.Owners as string[];
    if (!owners.every((owner) => users.has(owner))) return paramError(reply, { Owners: 'The user does not exist' });
    return once(request, reply, () => {
      const wallet: Wallet = {
        Id: nextId(),
        Owners: owners,
        Currency: String(body.Currency),
        Balance: 0,
        Description: String(body.Description),
        Tag: String(body.Tag ?? ''),
      };
      wallets.set(wallet.Id, wallet);
      return { status: 200, body: { ...wallet, Balance: money(wallet.Balance), FundsType: 'DEFAULT' } };
    });
  });

  app.get<WithId>(`${B}/wallets/:id`, async (request, reply) => {
    const wallet = wallets.get(request.params.id);
    if (!wallet) return error(reply, 404, 'ressource_not_found', 'Cannot found the ressource Wallet with the id');
    return { ...wallet, Balance: money(wallet.Balance), FundsType: 'DEFAULT' };
  });

  app.post<{ Params: { walletId: string } }>(`${B}/wallets/:walletId/virtual-accounts`, async (request, reply) => {
    const wallet = wallets.get(request.params.walletId);
    if (!wallet) return error(reply, 404, 'ressource_not_found', 'Cannot found the ressource Wallet with the id');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const missing = required(body, ['Country', 'VirtualAccountPurpose']);
    if (missing) return paramError(reply, missing);
    return once(request, reply, () => {
      const id = nextId();
      // A valid IBAN of the country: check digits computed as a bank would.
      const bban = `19100${id.padStart(11, '0')}`;
      const numeric = `${bban}${body.Country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
      const check = String(98n - (BigInt(numeric) % 97n)).padStart(2, '0');
      const iban = `${body.Country}${check}${bban}`;
      const account = {
        Id: id,
        WalletId: wallet.Id,
        CreditedUserId: wallet.Owners[0],
        VirtualAccountPurpose: body.VirtualAccountPurpose,
        Country: body.Country,
        Status: 'ACTIVE',
        Active: true,
        AccountOwner: 'Brickwise Contract',
        LocalAccountsDetails: { Address: {}, Account: { Iban: iban, Bic: 'MPAYFRP1XXX' }, BankName: 'Contract Bank' },
        InternationalAccountDetails: {
          Address: {},
          Account: { Iban: iban, Bic: 'MPAYFRP1XXX' },
          BankName: 'Contract Bank',
        },
        Capabilities: { LocalPayinAvailable: true, InternationalPayinAvailable: true, Currencies: ['EUR'] },
        Tag: body.Tag ?? null,
        CreationDate: now(),
      };
      virtualAccounts.set(id, account);
      return { status: 200, body: account };
    });
  });

  app.post<WithId>(`${B}/users/:id/bankaccounts/iban`, async (request, reply) => {
    if (!users.has(request.params.id))
      return error(reply, 404, 'ressource_not_found', 'Cannot found the ressource User');
    const body = (request.body ?? {}) as Record<string, unknown>;
    // Mangopay: an IBAN bank account needs the owner's name and address (AddressLine1, City, PostalCode, Country).
    const address = (body.OwnerAddress ?? {}) as Record<string, unknown>;
    const missing = {
      ...required(body, ['OwnerName', 'IBAN']),
      ...Object.fromEntries(
        Object.entries(required(address, ['AddressLine1', 'City', 'PostalCode', 'Country']) ?? {}).map(
          ([field, message]) => [`OwnerAddress.${field}`, message],
        ),
      ),
    };
    if (Object.keys(missing).length > 0) return paramError(reply, missing);
    return once(request, reply, () => {
      const account = { ...body, Id: nextId(), UserId: request.params.id, Type: 'IBAN', Active: true };
      bankAccounts.set(account.Id, account);
      return { status: 200, body: account };
    });
  });

  app.post(`${B}/payouts/bankwire`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const missing = required(body, ['AuthorId', 'DebitedWalletId', 'DebitedFunds', 'Fees', 'BankAccountId']);
    if (missing) return paramError(reply, missing);
    return once(request, reply, () => {
      const wallet = wallets.get(String(body.DebitedWalletId));
      const bank = bankAccounts.get(String(body.BankAccountId));
      const amount = Number((body.DebitedFunds as { Amount: number }).Amount);
      if (!wallet || !bank || !wallet.Owners.includes(String(body.AuthorId)) || bank.UserId !== body.AuthorId) {
        return {
          status: 400,
          body: { Message: 'The wallet or bank account does not belong to the author', Type: 'param_error' },
        };
      }
      const enough = wallet.Balance >= amount;
      if (enough) wallet.Balance -= amount;
      const payout = {
        ...body,
        Id: nextId(),
        Status: enough ? 'CREATED' : 'FAILED',
        ResultCode: enough ? '000000' : '001001',
        ResultMessage: enough ? 'Success' : 'Unsufficient wallet balance',
        Type: 'PAYOUT',
        Nature: 'REGULAR',
        PaymentType: 'BANK_WIRE',
        CreditedFunds: money(amount),
        Amount: amount,
        DebitedWalletId: wallet.Id,
        CreationDate: now(),
      };
      payOuts.set(payout.Id, payout);
      return { status: 200, body: payout };
    });
  });

  app.get<WithId>(`${B}/payouts/:id`, async (request, reply) => {
    const payout = payOuts.get(request.params.id);
    return payout ?? error(reply, 404, 'ressource_not_found', 'Cannot found the ressource PayOut with the id');
  });

  app.get<WithId>(`${B}/payins/:id`, async (request, reply) => {
    const payIn = payIns.get(request.params.id);
    return payIn ?? error(reply, 404, 'ressource_not_found', 'Cannot found the ressource PayIn with the id');
  });

  app.get<WithId>(`${B}/transfers/:id`, async (request, reply) => {
    const transfer = transfers.get(request.params.id);
    return transfer ?? error(reply, 404, 'ressource_not_found', 'Cannot found the ressource Transfer with the id');
  });

  app.post(`${B}/transfers`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const missing = required(body, ['AuthorId', 'DebitedWalletId', 'CreditedWalletId', 'DebitedFunds', 'Fees']);
    if (missing) return paramError(reply, missing);
    return once(request, reply, () => {
      const from = wallets.get(String(body.DebitedWalletId));
      const to = wallets.get(String(body.CreditedWalletId));
      if (!from || !to) return { status: 400, body: { Message: 'Unknown wallet', Type: 'param_error' } };
      if (!from.Owners.includes(String(body.AuthorId)))
        return { status: 400, body: { Message: 'The author does not own the debited wallet', Type: 'param_error' } };
      const amount = Number((body.DebitedFunds as { Amount: number }).Amount);
      const fees = Number((body.Fees as { Amount: number }).Amount);
      const enough = Number.isInteger(amount) && amount > 0 && from.Balance >= amount;
      if (enough) {
        from.Balance -= amount;
        to.Balance += amount - fees;
        const feeWallet = wallets.get(feeWalletId);
        if (feeWallet) feeWallet.Balance += fees;
      }
      const transfer = {
        ...body,
        Id: nextId(),
        Status: enough ? 'SUCCEEDED' : 'FAILED',
        ResultCode: enough ? '000000' : '001001',
        ResultMessage: enough ? 'Success' : 'Unsufficient wallet balance',
        CreditedFunds: money(amount - fees),
        Type: 'TRANSFER',
        CreationDate: now(),
      };
      transfers.set(transfer.Id, transfer);
      return { status: 200, body: transfer };
    });
  });

  /** A SUCCEEDED bank-wire pay-in credits the wallet and sends its hook. */
  const wireIn = async (input: {
    walletId: string;
    bankingAliasId: string | null;
    amountCents: number;
    ownerName: string;
    ownerIban: string;
    reference: string;
  }): Promise<{ payInId: string; hookStatus: number }> => {
    const wallet = wallets.get(input.walletId);
    if (!wallet) throw new Error(`no wallet ${input.walletId}`);
    wallet.Balance += input.amountCents;
    const payIn = {
      Id: nextId(),
      Status: 'SUCCEEDED',
      ResultCode: '000000',
      ResultMessage: 'Success',
      Type: 'PAYIN',
      Nature: 'REGULAR',
      PaymentType: 'BANK_WIRE',
      ExecutionType: 'EXTERNAL_INSTRUCTION',
      AuthorId: wallet.Owners[0],
      CreditedUserId: wallet.Owners[0],
      CreditedWalletId: wallet.Id,
      DebitedFunds: money(input.amountCents),
      CreditedFunds: money(input.amountCents),
      Fees: money(0),
      WireReference: input.reference,
      BankingAliasId: input.bankingAliasId,
      DebitedBankAccount: { OwnerName: input.ownerName, IBAN: input.ownerIban, AccountNumber: null, Type: 'IBAN' },
      CreationDate: now(),
      ExecutionDate: now(),
    };
    payIns.set(payIn.Id, payIn);
    return { payInId: payIn.Id, hookStatus: await sendHook('PAYIN_NORMAL_SUCCEEDED', payIn.Id) };
  };

  const sendHook = async (eventType: string, resourceId: string): Promise<number> => {
    if (!hookUrl) throw new Error('no hook url');
    const started = Date.now();
    const url = new URL(hookUrl);
    url.searchParams.set('EventType', eventType);
    url.searchParams.set('RessourceId', resourceId);
    url.searchParams.set('Date', String(now()));
    const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(2_000) });
    hookAnswersMs.push(Date.now() - started);
    return response.status;
  };

  const address = await app.listen({ host: '127.0.0.1', port });
  return {
    url: address,
    clientId,
    apiKey,
    platformUserId,
    feeWalletId,
    houseWalletId,
    requests,
    hookAnswersMs,
    control: {
      setHookUrl: (url) => {
        hookUrl = url;
      },
      incomingWire: async ({ iban, ...wire }) => {
        const account = [...virtualAccounts.values()].find(
          (candidate) => (candidate.InternationalAccountDetails as { Account: { Iban: string } }).Account.Iban === iban,
        );
        if (!account) throw new Error(`no virtual account with IBAN ${iban}`);
        return wireIn({ walletId: String(account.WalletId), bankingAliasId: account.Id, ...wire });
      },
      incomingWireToWallet: ({ walletId, ...wire }) => wireIn({ walletId, bankingAliasId: null, ...wire }),
      outsideTransfer: async ({ toWalletId, amountCents, tag }) => {
        const to = wallets.get(toWalletId);
        if (!to) throw new Error(`no wallet ${toWalletId}`);
        const issuerId = nextId();
        users.set(issuerId, { Id: issuerId, PersonType: 'LEGAL', Name: 'Emittentin GmbH' });
        const issuerWallet = nextId();
        wallets.set(issuerWallet, {
          Id: issuerWallet,
          Owners: [issuerId],
          Currency: 'EUR',
          Balance: 0,
          Description: 'Emittentin',
          Tag: '',
        });
        to.Balance += amountCents;
        const transfer = {
          Id: nextId(),
          Status: 'SUCCEEDED',
          ResultCode: '000000',
          ResultMessage: 'Success',
          AuthorId: issuerId,
          DebitedWalletId: issuerWallet,
          CreditedWalletId: toWalletId,
          DebitedFunds: money(amountCents),
          CreditedFunds: money(amountCents),
          Fees: money(0),
          Tag: tag,
          Type: 'TRANSFER',
          CreationDate: now(),
        };
        transfers.set(transfer.Id, transfer);
        return { transferId: transfer.Id, hookStatus: await sendHook('TRANSFER_NORMAL_SUCCEEDED', transfer.Id) };
      },
      completePayout: async (payoutId, outcome = 'SUCCEEDED') => {
        const payout = payOuts.get(payoutId);
        if (!payout) throw new Error(`no payout ${payoutId}`);
        payout.Status = outcome;
        if (outcome === 'FAILED') {
          // Mangopay gives the money back to the wallet when the bank refuses a payout.
          const wallet = wallets.get(payout.DebitedWalletId);
          if (wallet) wallet.Balance += payout.Amount;
          payout.ResultMessage = 'The bank account is closed';
        }
        return sendHook(`PAYOUT_NORMAL_${outcome}`, payoutId);
      },
      payouts: () =>
        [...payOuts.values()].map((payout) => ({
          id: payout.Id,
          status: payout.Status,
          amount: payout.Amount,
          walletId: payout.DebitedWalletId,
        })),
      adjustBalance: (walletId, delta) => {
        const wallet = wallets.get(walletId);
        if (!wallet) throw new Error(`no wallet ${walletId}`);
        wallet.Balance += delta;
      },
      balanceOf: (walletId) => wallets.get(walletId)?.Balance ?? Number.NaN,
      setOutage: (mode) => {
        outage = mode;
      },
      sendHook,
    },
    close: async () => {
      outage = 'none';
      await app.close();
    },
  };
};
