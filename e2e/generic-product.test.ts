import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useShopPage } from './support/shop-page.ts';
import { answer as genericAnswer, saveWizardForm } from './support/wizard-storage.ts';

// The generic product wizard in Chromium at 360px against the real server and
// its seed catalogue: the notarial deed copy (18458) through both branches of
// 1655, the energy certificate (18464), an express divorce (18472) with PDF
// uploads and their progress, early checkout (18346), editing a generic item in
// the cart, and refused uploads that leave nothing stored.

let filesDir: string;

beforeAll(() => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-files-'));
});

// Registered before the shop's hooks, so it runs after the server has stopped.
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));

const shop = useShopPage({ env: () => ({ FILES_DIR: filesDir }) });

/** Every stored upload (the server keeps them under FILES_DIR). */
function storedFiles(): string[] {
  return readdirSync(filesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** A small generated PDF: a real header, then padding up to `size` bytes. */
function pdf(name: string, size = 4000) {
  const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj << >> endobj\n', 'latin1');
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]),
  };
}

const main = () => shop.page.getByRole('main');
const heading = (name: string | RegExp) => shop.page.getByRole('heading', { level: 1, name });
const next = () => main().getByRole('button', { name: 'Siguiente', exact: true }).click();
const path_ = () => new URL(shop.page.url()).pathname;

async function open(productPath: string, storeId = 14) {
  await shop.page.goto(`${shop.origin}/app/servicios?store_id=${storeId}`);
  await heading('¿Qué servicio deseas?').waitFor();
  await shop.page.evaluate(() => sessionStorage.clear());
  await shop.page.goto(`${shop.origin}/app/${productPath}`);
}

async function answerText(title: string, text: string) {
  await heading(title).waitFor();
  await main().getByRole('textbox', { name: title }).fill(text);
  await next();
}

async function answerRadio(title: string, choice: string | RegExp) {
  await heading(title).waitFor();
  await main().getByRole('radio', { name: choice }).check();
  await next();
}

async function answerPlace(title: string, term: string, choice: string) {
  await heading(title).waitFor();
  await main().getByRole('combobox', { name: title }).pressSequentially(term, { delay: 20 });
  await shop.page.getByRole('option', { name: choice, exact: true }).click();
  await next();
}

async function skip(title: string | RegExp) {
  await heading(title).waitFor();
  await next();
}

/** Confirms, waits for the cart and returns the line of the item. */
async function addToCart(productName: string) {
  await main().getByRole('button', { name: 'Añadir al pedido' }).click();
  await main().getByText(`Se ha añadido ${productName} a tu pedido.`).waitFor();
  expect(path_()).toBe('/app/cart/add/product');
  return main()
    .getByRole('listitem')
    .filter({ has: shop.page.getByRole('heading', { name: productName }) });
}

async function deedStart(copy: RegExp) {
  await open('product/step1/18458');
  await heading('Tipo de escritura').waitFor();
  await main().getByRole('combobox', { name: 'Tipo de escritura' }).selectOption({ label: 'Compraventa' });
  await next();
  await answerRadio('Tipo de copia', copy);
  await answerPlace('Municipio donde se firmó la escritura', 'Sevil', 'Sevilla (Sevilla)');
}

describe('generic product wizard (Chromium, 360px, real server)', () => {
  it('orders a deed copy knowing the protocol (1655 = 4324) with the related Nota Simple, then edits it in the cart', async () => {
    await deedStart(/Copia simple/);
    await answerRadio('¿Conoces el notario y el número de protocolo?', /^Sí, conozco/);
    await answerText('Nombre del notario', 'Ana Pérez');
    await answerText('Número de protocolo', '1234');
    await heading('Fecha de la escritura').waitFor();
    const date = main().getByRole('textbox', { name: /Fecha de la escritura/ });
    await date.fill('15-mar-2010');
    await date.blur();
    expect(await date.inputValue()).toBe('15/03/2010');
    await next();
    await skip('Observaciones');

    await heading('Revisa tu pedido').waitFor();
    expect(await main().textContent()).toContain('Sevilla (Sevilla)');
    // A simple copy asks no relation question.
    expect(
      await main()
        .getByRole('combobox', { name: /relación con la escritura/ })
        .count(),
    ).toBe(0);
    await main()
      .getByRole('checkbox', { name: /Nota Simple actualizada del inmueble/ })
      .check();
    await main().getByText('Total: 79,76\u00a0€').waitFor();
    const line = await addToCart('Copia de escritura');
    // The Nota Simple is its own line under the deed (ADR 027).
    expect(await line.textContent()).toContain('59\u00a0€');
    expect(await line.getByRole('heading', { name: 'Nota Simple', exact: true }).count()).toBe(1);
    expect(await shop.page.getByTestId('cart-total').textContent()).toBe('79,76\u00a0€');

    // Edit: an authorised copy costs 20 € more and asks the relation question.
    await main().getByRole('button', { name: 'Editar Copia de escritura' }).click();
    const dialog = shop.page.getByRole('dialog', { name: 'Modificar pedido' });
    await dialog.waitFor();
    expect((await dialog.boundingBox())?.width).toBeLessThanOrEqual(400);
    // The 18458 rule: with 4324 the search fields are hidden.
    expect(await dialog.getByRole('textbox', { name: 'Nombre y apellidos de los firmantes' }).count()).toBe(
      0,
    );
    await dialog.getByRole('radio', { name: /Copia autorizada/ }).check();
    await dialog.getByText('Nuevo precio: 99,76\u00a0€').waitFor();
    await dialog.getByRole('button', { name: 'Actualizar' }).click();
    const relation = dialog.getByRole('combobox', { name: '¿Cuál es tu relación con la escritura?' });
    expect(await relation.getAttribute('aria-invalid')).toBe('true');
    await relation.selectOption({ label: 'Soy uno de los firmantes' });
    await dialog.getByRole('button', { name: 'Actualizar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => shop.page.getByTestId('cart-total').textContent()).toBe('99,76\u00a0€');
    expect(await line.textContent()).toContain('79\u00a0€');
    expect(await shop.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('orders a deed copy to be located (1655 = 6310): the wider search and the historical archive before 1926', async () => {
    await deedStart(/Copia simple/);
    await answerRadio('¿Conoces el notario y el número de protocolo?', /^No, necesito/);
    await answerText('Nombre y apellidos de los firmantes', 'Luis Gómez Ruiz');
    await skip(/Dirección del inmueble/);
    await answerText('Fecha aproximada de la firma', '01/01/1920');
    await answerRadio('Alcance de la búsqueda', /Ampliada al Archivo de Protocolos/);
    await heading(/Archivo Histórico Provincial/).waitFor();
    // Its default is 'No'.
    expect(await main().getByRole('radio', { name: 'No', exact: true }).isChecked()).toBe(true);
    await main()
      .getByRole('radio', { name: /Sí, buscar en el Archivo Histórico/ })
      .check();
    await main().getByText('Precio: 99\u00a0€').waitFor();
    await next();
    await skip('Observaciones');
    await heading('Revisa tu pedido').waitFor();
    await main().getByText('Total: 99\u00a0€').waitFor();
    const line = await addToCart('Copia de escritura');
    expect(await line.textContent()).toContain('99\u00a0€');
  });

  it('orders an energy certificate (18464): its radio_button question is a radio', async () => {
    await open('product/step1/18464');
    await heading('Tipo de inmueble').waitFor();
    expect(await main().getByRole('radio').count()).toBe(4);
    await main().getByRole('radio', { name: 'Casa o chalet' }).check();
    await main().getByText('Precio: 129\u00a0€').waitFor();
    await next();
    await heading('Superficie construida').waitFor();
    await main().getByRole('combobox', { name: 'Superficie construida' }).selectOption('6406');
    await next();
    await answerPlace('Municipio del inmueble', 'Madri', 'Madrid (Madrid)');
    await answerText('Dirección completa', 'Calle Mayor 1, 2º B');
    await skip(/Referencia catastral/);
    await answerRadio('¿Para qué lo necesitas?', 'Venta');
    await skip(/Fecha preferida para la visita del técnico/);
    await answerText('Persona de contacto para la visita', 'Ana Pérez');
    await answerText('Teléfono de contacto', '600123123');
    await heading('Revisa tu pedido').waitFor();
    await main().getByText('Total: 149\u00a0€').waitFor();
    const line = await addToCart('Certificado energético');
    expect(await line.textContent()).toContain('149\u00a0€');
  });

  it('orders an express divorce (18472) with PDF uploads, showing the upload progress', async () => {
    const before = storedFiles().length;
    await open('product/step1/18472', 1);
    await answerText('Fecha de celebración del matrimonio', '10/05/2015');
    await answerPlace('Lugar de celebración del matrimonio', 'Sevil', 'Sevilla (Sevilla)');
    await answerPlace('Municipio del último domicilio conyugal', 'Madri', 'Madrid (Madrid)');
    await answerText('Primer cónyuge: nombre y apellidos', 'Ana Pérez García');
    await answerText('Primer cónyuge: DNI / NIE', '12345678Z');
    await answerText('Segundo cónyuge: nombre y apellidos', 'Luis Gómez Ruiz');
    await answerText('Segundo cónyuge: DNI / NIE', '87654321X');

    await heading('DNI de ambos cónyuges (PDF)').waitFor();
    // Required: Next without a file says so.
    await next();
    await main().getByText('Este campo es obligatorio').waitFor();
    // A slow connection, so the progress can be seen; everything shown is recorded.
    const cdp = await shop.page.context().newCDPSession(shop.page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    await shop.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('progress');
        if (bar) seen.push(`bar ${bar.value}/${bar.max} ${bar.labels?.[0]?.textContent ?? ''}`);
        for (const live of document.querySelectorAll('[aria-live="polite"]'))
          seen.push(`live ${live.textContent}`);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await main().getByLabel('DNI de ambos cónyuges (PDF)').setInputFiles(pdf('dni-ambos.pdf', 1_500_000));
    await main().getByText('Archivo subido: dni-ambos.pdf').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const seen = await shop.page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.some((s) => /^bar \d+\/100 Subiendo dni-ambos\.pdf: \d+ %$/.test(s))).toBe(true);
    expect(seen.some((s) => /^live Subiendo dni-ambos\.pdf: \d+ %$/.test(s))).toBe(true);
    const percents = seen.filter((s) => s.startsWith('bar ')).map((s) => Number(/^bar (\d+)/.exec(s)?.[1]));
    expect(Math.max(...percents)).toBeGreaterThan(0);
    expect(await main().getByRole('list', { name: 'Archivos subidos' }).textContent()).toContain(
      'dni-ambos.pdf',
    );
    // One visible progress figure per upload (the bar's label): the live text is for screen
    // readers only, and the browser's own "No file chosen" never shows beside the uploaded list.
    const looks = await shop.page.evaluate(() => {
      const live = document.querySelector<HTMLElement>('main p[aria-live="polite"]');
      const input = document.querySelector<HTMLElement>('main input[type="file"]');
      return {
        live: live?.getBoundingClientRect().width ?? -1,
        input: input ? getComputedStyle(input).color : '',
      };
    });
    expect(looks).toEqual({
      live: expect.toSatisfy((w: number) => w >= 0 && w <= 1),
      input: 'rgba(0, 0, 0, 0)',
    });
    await next();

    await heading('Certificado literal de matrimonio (PDF)').waitFor();
    await main().getByLabel('Certificado literal de matrimonio (PDF)').setInputFiles(pdf('certificado.pdf'));
    await main().getByText('Archivo subido: certificado.pdf').waitFor();
    await next();
    await skip(/Borrador del convenio regulador/);
    await answerText('Teléfono de contacto', '600123123');

    await heading('Revisa tu pedido').waitFor();
    expect(await main().textContent()).toContain('dni-ambos.pdf');
    expect(await main().textContent()).toContain('certificado.pdf');
    const line = await addToCart('Divorcio express sin hijos ni bienes');
    expect(await line.textContent()).toContain('299\u00a0€');
    expect(storedFiles().length).toBe(before + 2);
  });

  it('refuses a disallowed type and a file over 10 MB with a clear message, and the server stores nothing', async () => {
    const before = storedFiles();
    await open('product/step1/18472', 1);
    const uploads: string[] = [];
    shop.page.on('request', (request) => {
      if (request.url().includes('pushFilesToPedido')) uploads.push(request.url());
    });
    // Straight to the file step with the earlier answers saved (a reload keeps them).
    const value = (optionId: number, type: string, v: string) => genericAnswer(18472, optionId, type, v);
    await saveWizardForm(
      shop.page,
      'last_generic_form',
      {
        product_id: 18472,
        values: [
          value(2501, 'date', '10/05/2015'),
          value(2502, 'municipio_ce', 'Sevilla (Sevilla)'),
          value(2503, 'municipio', 'Madrid (Madrid)'),
          value(2504, 'field', 'Ana Pérez García'),
          value(2505, 'field', '12345678Z'),
          value(2506, 'field', 'Luis Gómez Ruiz'),
          value(2507, 'field', '87654321X'),
        ],
      },
      'session',
    );
    await shop.page.goto(`${shop.origin}/app/product/step8/18472`);
    await heading('DNI de ambos cónyuges (PDF)').waitFor();
    const input = main().getByLabel('DNI de ambos cónyuges (PDF)');
    const alert = main().getByRole('alert');

    await input.setInputFiles({
      name: 'convenio.docx',
      mimeType: 'application/msword',
      buffer: Buffer.from('word'),
    });
    await alert.getByText('convenio.docx: Solo se admiten archivos PDF, JPEG o PNG.').waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    await input.setInputFiles(pdf('escaneo.pdf', 10 * 1024 * 1024 + 1));
    await alert
      .getByText('escaneo.pdf: El archivo es demasiado grande: el máximo es de 10 MB por archivo.')
      .waitFor();
    expect(uploads).toEqual([]);

    // A file that only claims to be a PDF reaches the server, which refuses it.
    await input.setInputFiles({
      name: 'factura.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('<html></html>'),
    });
    await alert.getByText('Solo se admiten archivos PDF, JPEG o PNG.', { exact: true }).waitFor();
    expect(uploads).toHaveLength(1);

    // Past the browser's check, the server refuses an oversized file itself (413).
    const formKey = await shop.page.evaluate(
      () => JSON.parse(document.getElementById('app-config')?.textContent ?? '{}').form_key as string,
    );
    const big = pdf('grande.pdf', 10 * 1024 * 1024 + 1);
    const answer = await shop.page.request.post(`${shop.origin}/desktopapp/rest/pushFilesToPedido/`, {
      headers: { 'X-Form-Key': formKey },
      multipart: { option_id: '2513', file: big },
    });
    expect(answer.status()).toBe(413);
    expect((await answer.json()).message).toBe(
      'El archivo es demasiado grande: el máximo es de 10 MB por archivo.',
    );
    expect(storedFiles()).toEqual(before);
    expect(await main().getByRole('list', { name: 'Archivos subidos' }).count()).toBe(0);
  });

  it('reaches the confirmation early on a product with early checkout (18346)', async () => {
    await open('product/step1/18346');
    await answerRadio('¿Has terminado de pagar la hipoteca?', 'Sí, está totalmente pagada');
    await heading('¿Tienes el certificado de deuda cero del banco?').waitFor();
    expect(await main().getByRole('button', { name: 'Finalizar ahora' }).count()).toBe(0);
    await main().getByRole('radio', { name: 'No, pedidlo vosotros' }).check();
    await main().getByRole('button', { name: 'Finalizar ahora' }).click();
    await heading('Revisa tu pedido').waitFor();
    expect(path_()).toBe('/app/product/confirmation/18346');
    // A reload stays on the confirmation: the form is in sessionStorage.
    await shop.page.reload();
    await heading('Revisa tu pedido').waitFor();
    await main().getByRole('textbox', { name: 'Teléfono de contacto' }).fill('600123123');
    await main()
      .getByRole('combobox', { name: '¿Cuándo prefieres que te llamemos?' })
      .selectOption({ label: 'Por la mañana (9-14 h)' });
    const line = await addToCart('Cancelación de hipoteca');
    expect(await line.textContent()).toContain('249\u00a0€');
  });
});
