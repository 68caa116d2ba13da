import { describe, expect, it } from "vitest";
import { blockedAddressReason, ipLiteralHost } from "./address-policy";

describe("webhook address policy", () => {
  it.each([
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["169.254.1.1", "link-local"],
    ["169.254.169.254", "cloud metadata (link-local)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["224.0.0.1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["fd00:ec2::254", "cloud metadata (unique-local)"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped cloud metadata (link-local)"],
    ["64:ff9b::a00:1", "NAT64 private"],
    ["2002:7f00:1::", "6to4 loopback"],
    ["::7f00:1", "reserved"],
    ["not-an-ip", "not an IP address"],
  ])("refuses %s (%s)", (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each(["8.8.8.8", "172.32.0.1", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"])(
    "allows public %s",
    (address) => {
      expect(blockedAddressReason(address)).toBeNull();
    },
  );

  it("finds IP literals in URL hosts, as WHATWG URL normalizes them", () => {
    expect(ipLiteralHost(new URL("http://[::ffff:127.0.0.1]/").hostname)).toBe("::ffff:7f00:1");
    expect(ipLiteralHost(new URL("http://2130706433/").hostname)).toBe("127.0.0.1");
    expect(ipLiteralHost(new URL("http://0x7f.1/").hostname)).toBe("127.0.0.1");
    expect(ipLiteralHost("example.com")).toBeNull();
  });
});
