import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseWechatXml, sceneEventOf, verifyWechatSignature, wechatSignature } from './provider.ts';

describe('WeChat callback helpers', () => {
  it('signs as sha1 of the sorted token, timestamp and nonce', () => {
    const expected = createHash('sha1')
      .update(['1700000000', 'nonce-a', 'tok'].sort().join(''))
      .digest('hex');
    expect(wechatSignature('tok', '1700000000', 'nonce-a')).toBe(expected);
    expect(
      verifyWechatSignature('tok', { signature: expected, timestamp: '1700000000', nonce: 'nonce-a' }),
    ).toBe(true);
    expect(
      verifyWechatSignature('tok', {
        signature: expected.toUpperCase(),
        timestamp: '1700000000',
        nonce: 'nonce-a',
      }),
    ).toBe(true);
    expect(
      verifyWechatSignature('other', { signature: expected, timestamp: '1700000000', nonce: 'nonce-a' }),
    ).toBe(false);
    expect(
      verifyWechatSignature('tok', { signature: expected, timestamp: '1700000001', nonce: 'nonce-a' }),
    ).toBe(false);
    expect(verifyWechatSignature('tok', { timestamp: '1', nonce: 'n' })).toBe(false);
    expect(verifyWechatSignature('tok', { signature: 'short', timestamp: '1', nonce: 'n' })).toBe(false);
  });

  it('reads the flat event XML, CDATA or plain, with the predefined entities only', () => {
    const xml = `<xml>
      <ToUserName><![CDATA[gh_1]]></ToUserName>
      <FromUserName><![CDATA[oABC]]></FromUserName>
      <CreateTime>1700000000</CreateTime>
      <MsgType><![CDATA[event]]></MsgType>
      <Event>SCAN</Event>
      <EventKey>a&amp;b&#x41;</EventKey>
    </xml>`;
    expect(parseWechatXml(xml)).toEqual({
      ToUserName: 'gh_1',
      FromUserName: 'oABC',
      CreateTime: '1700000000',
      MsgType: 'event',
      Event: 'SCAN',
      EventKey: 'a&bA',
    });
    expect(parseWechatXml('<!DOCTYPE x [<!ENTITY e "boom">]><xml><A>&e;</A></xml>')).toEqual({ A: '&e;' });
    expect(parseWechatXml('nothing')).toEqual({});
  });

  it('parses a hostile body in linear time', () => {
    const evil = `<xml><A>${' '.repeat(60_000)}</xml>`;
    const t = Date.now();
    parseWechatXml(evil);
    expect(Date.now() - t).toBeLessThan(500);
  });

  it('recognises SCAN and subscribe-with-scene events only', () => {
    expect(sceneEventOf({ MsgType: 'event', Event: 'SCAN', EventKey: 'abc', FromUserName: 'o1' })).toEqual({
      openid: 'o1',
      scene: 'abc',
      event: 'SCAN',
    });
    expect(
      sceneEventOf({ MsgType: 'event', Event: 'subscribe', EventKey: 'qrscene_abc', FromUserName: 'o1' }),
    ).toEqual({ openid: 'o1', scene: 'abc', event: 'subscribe' });
    expect(
      sceneEventOf({ MsgType: 'event', Event: 'subscribe', EventKey: '', FromUserName: 'o1' }),
    ).toBeNull();
    expect(sceneEventOf({ MsgType: 'text', Content: 'hi', FromUserName: 'o1' })).toBeNull();
    expect(sceneEventOf({ MsgType: 'event', Event: 'SCAN', EventKey: 'abc' })).toBeNull();
  });
});
