package share

import "net"

// LANAddresses are the machine's IPv4 addresses other than loopback, on
// the interfaces that are up: where a sharing may be put for phones on the
// same network to reach (the settings' picker).
func LANAddresses() []string {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var out []string
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			if ip4 := n.IP.To4(); ip4 != nil && !ip4.IsLoopback() && !ip4.IsUnspecified() {
				out = append(out, ip4.String())
			}
		}
	}
	return out
}
