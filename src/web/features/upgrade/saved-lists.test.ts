import { beforeEach, describe, expect, it } from 'vitest';
import {
  choicesOf,
  deleteList,
  findList,
  readDraft,
  saveList,
  savedLists,
  writeDraft,
} from './saved-lists';

describe('saved lists', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps lists by name in this browser, replacing one of the same name', () => {
    expect(
      saveList({ name: ' my model ', text: '8279\n2989', from: '3.10' }, new Date('2026-01-02')),
    ).toEqual({ ok: true });
    saveList({ name: 'another', text: '1', from: '3.11' });
    saveList({ name: 'my model', text: '8279', from: '3.11' });
    expect(savedLists().map((l) => [l.name, l.text, l.from])).toEqual([
      ['another', '1', '3.11'],
      ['my model', '8279', '3.11'],
    ]);
    expect(findList('my model')?.from).toBe('3.11');
    deleteList('another');
    expect(savedLists().map((l) => l.name)).toEqual(['my model']);
  });

  it('keeps the candidates chosen with a list, and reads lists saved before without any', () => {
    saveList({ name: 'chosen', text: '1\n2', from: '3.10', chosen: new Map([[2, 23203]]) });
    const saved = findList('chosen');
    expect(saved && choicesOf(saved)).toEqual(new Map([[2, 23203]]));
    window.localStorage.setItem(
      'lci-explorer:upgrade-lists',
      JSON.stringify([{ name: 'old', text: '1', from: '3.10', savedAt: '2026-01-01' }]),
    );
    const old = findList('old');
    expect(old && choicesOf(old)).toEqual(new Map());
  });

  it('keeps the list being worked on across a reload of the tab, with its choices', () => {
    window.sessionStorage.clear();
    expect(readDraft()).toBeUndefined();
    writeDraft({ text: '8279\nnot a line', checked: true, chosen: new Map([[1, 5]]) });
    expect(readDraft()).toEqual({ text: '8279\nnot a line', checked: true, chosen: { 1: 5 } });
    writeDraft({ text: '8279', checked: false, chosen: new Map(), from: '3.10' });
    expect(readDraft()?.from).toBe('3.10');
  });

  it('refuses a nameless list, and reads damaged storage as none', () => {
    expect(saveList({ name: '  ', text: '1', from: '3.10' }).ok).toBe(false);
    window.localStorage.setItem('lci-explorer:upgrade-lists', '{not json');
    expect(savedLists()).toEqual([]);
  });
});
