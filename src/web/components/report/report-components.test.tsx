import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { citeDataset } from '../../../shared/citation';
import type { Report } from '../../lib/report/model';
import { renderWithProviders } from '../../testing/render';
import { CiteThis } from '../cite/cite-this';
import { ReportActions } from './report-actions';

const citation = citeDataset({
  release: { version: '3.12', systemModel: 'cutoff' },
  releaseDate: null,
  dataset: {
    id: 4711,
    activity: 'market for cement',
    product: 'cement',
    geography: 'Türkiye (TR)',
    unit: 'kg',
    activity_spold_uuid: 'aaaaaaaa-0000-4000-8000-000000000001',
    product_spold_uuid: 'bbbbbbbb-0000-4000-8000-000000000002',
  },
  accessed: new Date('2026-11-28T12:00:00Z'),
});

const report: Report = {
  title: 'market for cement, Türkiye (TR)',
  subtitle: 'Impact scores',
  releases: [{ version: '3.12', systemModel: 'cutoff' }],
  licenceHolder: null,
  link: 'http://localhost/3.12/cutoff/datasets/4711',
  made: new Date('2026-11-28T12:00:00Z'),
  tables: [{ title: 'Impact scores', header: ['Indicator', 'Score'], rows: [['GWP100', 1.5e-7]] }],
  charts: [{ title: 'Scores', unit: 'kg CO2-Eq', bars: [{ label: 'GWP100', value: 1.5e-7 }] }],
  provenance: [['Data service', 'demo data']],
  citation,
};

describe('Cite this', () => {
  it('shows the citation as text, RIS and BibTeX, each as the builder wrote it', async () => {
    renderWithProviders(<CiteThis cite={() => citation} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cite this' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cite this data' });
    expect(within(dialog).getByLabelText('Citation as Text').textContent).toBe(citation.text);
    await userEvent.click(within(dialog).getByRole('tab', { name: 'RIS' }));
    expect(within(dialog).getByLabelText('Citation as RIS').textContent).toBe(citation.ris);
    expect(within(dialog).getByRole('button', { name: 'Download .ris' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'BibTeX' }));
    expect(within(dialog).getByLabelText('Citation as BibTeX').textContent).toBe(citation.bibtex);
    expect(within(dialog).getByRole('link', { name: 'The dataset in ecoQuery' })).toHaveAttribute(
      'href',
      citation.ecoQuery.dataset,
    );
  });
});

describe('the report’s print view', () => {
  it('shows the table’s exact values, the chart, the marking, provenance and citation', async () => {
    renderWithProviders(<ReportActions file="r" build={() => report} />);
    await userEvent.click(screen.getByRole('button', { name: 'Print view' }));
    const view = await screen.findByRole('dialog', { name: 'Print view' });
    expect(within(view).getByRole('table', { name: 'Impact scores' })).toHaveTextContent('1.5e-7');
    expect(within(view).getByRole('table', { name: 'Scores (kg CO2-Eq)' })).toHaveTextContent(
      'GWP100',
    );
    expect(view).toHaveTextContent(
      'Calculated data of ecoinvent 3.12 (Allocation cut-off by classification), under the ecoinvent licence of its licence holder (not named',
    );
    expect(view).toHaveTextContent('Data service: demo data');
    expect(view).toHaveTextContent('market for cement, TR, Allocation cut-off by classification');
    await userEvent.click(within(view).getByRole('button', { name: 'Close print view' }));
    expect(screen.queryByRole('dialog', { name: 'Print view' })).toBeNull();
  });
});
