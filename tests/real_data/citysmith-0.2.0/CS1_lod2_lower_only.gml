<?xml version='1.0' encoding='UTF-8'?>
<CityModel xmlns="http://www.opengis.net/citygml/2.0" xmlns:gml="http://www.opengis.net/gml" xmlns:bldg="http://www.opengis.net/citygml/building/2.0" xmlns:gen="http://www.opengis.net/citygml/generics/2.0" xmlns:xlink="http://www.w3.org/1999/xlink">
  <gml:boundedBy>
    <gml:Envelope srsName="epsg:32634" srsDimension="3">
      <gml:lowerCorner>458750.659 4962524.549 138.099</gml:lowerCorner>
      <gml:upperCorner>458762.174 4962537.64 150.657</gml:upperCorner>
    </gml:Envelope>
  </gml:boundedBy>
  <cityObjectMember><bldg:Building gml:id="CS1">
			<gen:stringAttribute name="citygrid_UnitID">
				<gen:value>CS1</gen:value>
			</gen:stringAttribute>
			<bldg:lod2Solid><gml:Solid><gml:exterior><gml:CompositeSurface><gml:surfaceMember xlink:href="#UUID_fbaa8c51-fce6-5706-bb6a-004ffd3aa13e"/><gml:surfaceMember xlink:href="#UUID_6f410d26-9347-52b8-b58f-362464b248a9"/><gml:surfaceMember xlink:href="#UUID_cf22141a-4d18-50cb-a8c3-32616a64f335"/><gml:surfaceMember xlink:href="#UUID_9c2416da-4b48-5426-bc7e-83331792e0dc"/><gml:surfaceMember xlink:href="#UUID_5fcc6c11-e274-5b57-a42e-784c9be9b398"/><gml:surfaceMember xlink:href="#UUID_f5328ecc-c598-5191-aa34-334b958bc934"/><gml:surfaceMember xlink:href="#UUID_089c024d-a73e-56e6-abfd-784a0bb498a5"/><gml:surfaceMember xlink:href="#UUID_73f709c0-6117-5ee6-a2c9-c40f8f11709a"/><gml:surfaceMember xlink:href="#UUID_82da8112-72ab-506a-90ef-dc8298145285"/><gml:surfaceMember xlink:href="#UUID_035ea7fc-3116-5328-a6a0-704a8207f7cb"/><gml:surfaceMember xlink:href="#UUID_0bc60956-df32-5177-b662-a5f9f5e7adf9"/><gml:surfaceMember xlink:href="#UUID_42129454-a44e-528b-b321-5eaa5a71bf9f"/><gml:surfaceMember xlink:href="#UUID_718623aa-eda6-563b-95c2-3515ce93e674"/><gml:surfaceMember xlink:href="#UUID_6312c1ec-aed0-53dc-8b0c-713653edfb0b"/><gml:surfaceMember xlink:href="#UUID_eb3964c0-3669-50d3-a815-ada19ec75c8a"/><gml:surfaceMember xlink:href="#UUID_48a9ecd4-5498-5d2f-a49f-7e79b5f930ec"/><gml:surfaceMember xlink:href="#UUID_989e51b6-ab43-5744-a07a-b7775a9f3408"/><gml:surfaceMember xlink:href="#UUID_14c45c1e-a9e0-5b57-a058-be005f71a880"/><gml:surfaceMember xlink:href="#UUID_9cb0c48b-dd31-59f9-9402-e8ed04020c96"/><gml:surfaceMember xlink:href="#UUID_65e809bd-e170-55a1-8743-55a80ca42209"/><gml:surfaceMember xlink:href="#UUID_675a8f54-2a73-5ec8-9b34-3a430524a765"/><gml:surfaceMember xlink:href="#UUID_d86b3361-b16d-5981-81ba-0074fb461fb7"/><gml:surfaceMember xlink:href="#UUID_4d9e590d-86a5-5bde-8525-855ee519e359"/><gml:surfaceMember xlink:href="#UUID_1cda0d3c-1009-55cc-a0b9-b688dac25b41"/><gml:surfaceMember xlink:href="#UUID_8a7e90b5-8a1c-5690-9862-a1da8cb7332a"/><gml:surfaceMember xlink:href="#UUID_ce8eab25-58f9-572a-9994-2de0448e52b9"/><gml:surfaceMember xlink:href="#UUID_409a83e3-d7fc-521e-beca-70ff64fdee22"/><gml:surfaceMember xlink:href="#UUID_db600f6b-b670-5c8a-907a-21a7feafc49f"/><gml:surfaceMember xlink:href="#UUID_d82d9da4-c842-5671-8b6a-019e8fa54ab0"/><gml:surfaceMember xlink:href="#UUID_5a25e968-ed33-58a8-8574-78e126f842e3"/><gml:surfaceMember xlink:href="#UUID_57bf1a76-8152-5149-9715-b7f3fbe8a45c"/><gml:surfaceMember xlink:href="#UUID_0e4d77a2-c80e-5dc8-b4f4-ac359f797aad"/><gml:surfaceMember xlink:href="#UUID_c1033a04-42ba-54e8-b8a7-2ca49afda780"/><gml:surfaceMember xlink:href="#UUID_951cf62a-7f13-5384-9dcb-1ac5cc090dc4"/><gml:surfaceMember xlink:href="#UUID_b591c46d-6150-54b7-94e9-d27908d0f433"/><gml:surfaceMember xlink:href="#UUID_ad690498-f44f-5b67-b883-96215bc7eff8"/><gml:surfaceMember xlink:href="#UUID_46d96ae6-7102-5171-899d-af969630807c"/><gml:surfaceMember xlink:href="#UUID_b5d927ae-2d25-5750-8167-70f97205e68b"/><gml:surfaceMember xlink:href="#UUID_f488f9e6-eb88-5e8c-857c-f17033a3e73d"/><gml:surfaceMember xlink:href="#UUID_9e1cd10a-340f-5cd9-89a2-a5988d475a37"/><gml:surfaceMember xlink:href="#UUID_58e20b29-9498-5a8f-888b-a3202fe0afa7"/><gml:surfaceMember xlink:href="#UUID_22989ffe-a9c8-5347-8b91-574597432ac8"/><gml:surfaceMember xlink:href="#UUID_1383597c-0fcb-54a1-b53c-f8b2f4e3188d"/><gml:surfaceMember xlink:href="#UUID_576c7c98-de3d-5c20-89b2-422f4615f034"/><gml:surfaceMember xlink:href="#UUID_12a95bc0-e321-542c-a88d-9648c652574d"/><gml:surfaceMember xlink:href="#UUID_c4f0c86f-f09c-5534-9d21-6965c85cd026"/><gml:surfaceMember xlink:href="#UUID_2348daea-b94e-5dc4-bfe7-49792672db85"/><gml:surfaceMember xlink:href="#UUID_bb9c3d9c-d82e-5bfe-8089-09579c86a210"/><gml:surfaceMember xlink:href="#UUID_9f8aaec0-c78c-5d81-8357-9cdb3997af8c"/><gml:surfaceMember xlink:href="#UUID_af9b635c-d21b-5e7c-8b36-b5e4734ab58b"/></gml:CompositeSurface></gml:exterior></gml:Solid></bldg:lod2Solid><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_8d521300-4fa9-5340-b83a-6b6d4ccd9c0e"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_fbaa8c51-fce6-5706-bb6a-004ffd3aa13e"><gml:exterior><gml:LinearRing gml:id="UUID_e4786191-84de-5c74-8168-5ccf686e0a64"><gml:posList srsDimension="3">458755.391 4962535.445 148.643 458755.389 4962537.039 147.739 458755.389 4962537.005 147.758 458753.431 4962537.001 147.760 458753.418 4962537.015 147.751 458752.839 4962537.638 147.398 458761.358 4962537.020 147.753 458757.000 4962537.009 147.756 458757.000 4962537.040 147.739 458757.002 4962535.447 148.642 458755.391 4962535.445 148.643</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_5eb97a5d-4d4b-5852-92d2-0a0821b22e49"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_6f410d26-9347-52b8-b58f-362464b248a9"><gml:exterior><gml:LinearRing gml:id="UUID_875980ff-a4ae-52d6-90ec-346846a09137"><gml:posList srsDimension="3">458761.233 4962525.171 147.754 458757.385 4962528.924 149.997 458753.367 4962525.145 147.751 458761.233 4962525.171 147.754</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_9978511f-12e9-56c3-8c9b-a4f9da099eae"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_cf22141a-4d18-50cb-a8c3-32616a64f335"><gml:exterior><gml:LinearRing gml:id="UUID_7dfab4db-0cb5-58fa-bfd6-169e6e8cc431"><gml:posList srsDimension="3">458761.330 4962536.990 147.765 458761.357 4962537.017 147.749 458761.967 4962537.615 147.399 458761.958 4962536.989 147.401 458761.910 4962533.964 147.415 458761.394 4962533.459 147.711 458758.690 4962530.815 149.263 458761.260 4962528.252 147.764 458761.861 4962527.645 147.414 458761.843 4962525.173 147.413 458761.238 4962525.171 147.763 458757.390 4962528.924 150.006 458757.404 4962531.923 150.012 458757.401 4962532.647 150.017 458757.400 4962533.153 150.020 458761.330 4962536.990 147.765</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_20e63cf1-83f2-51ba-b3b2-1fef88e17378"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_9c2416da-4b48-5426-bc7e-83331792e0dc">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_7dfbf1f7-a4ab-5b8a-a461-9a822551b554">
											<gml:posList srsDimension="3">
														458761.358 4962537.017 147.749 458761.969 4962537.615 147.402
														458752.839 4962537.640 147.402 458761.358 4962537.017 147.749
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_7b4a4084-cb4f-55f9-8791-377d51bc54a0"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_5fcc6c11-e274-5b57-a42e-784c9be9b398">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_e79448c5-b615-51fb-bea9-fbaac7b6c59b">
											<gml:posList srsDimension="3">
														458753.393 4962533.323 147.753 458753.431 4962536.999 147.756
														458753.418 4962537.013 147.748 458752.839 4962537.640 147.402
														458752.831 4962537.014 147.402 458752.792 4962533.925 147.402
														458753.393 4962533.323 147.753
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_78348e5d-5116-5676-ba77-f8ca04200ade"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_f5328ecc-c598-5191-aa34-334b958bc934">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_c240e579-ed16-55f8-bab0-8b9d1b79bf49">
											<gml:posList srsDimension="3">
														458752.288 4962533.934 147.402 458752.278 4962533.401 147.720
														458752.231 4962530.842 149.247 458752.677 4962530.838 149.247
														458756.002 4962530.812 149.247 458753.393 4962533.323 147.753
														458752.792 4962533.925 147.402 458752.734 4962533.926 147.402
														458752.288 4962533.934 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_2dd059dd-7023-5b80-b2cd-c275bbe635fa"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_089c024d-a73e-56e6-abfd-784a0bb498a5">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_98e4e954-3295-5dd4-b9be-9f1d716059ca">
											<gml:posList srsDimension="3">
														458752.621 4962527.739 147.402 458752.807 4962527.736 147.402
														458753.419 4962528.324 147.755 458756.002 4962530.812 149.247
														458752.677 4962530.838 149.247 458752.231 4962530.842 149.247
														458752.175 4962527.747 147.402 458752.621 4962527.739 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_e44c2f91-cbf5-52f8-9135-7e712bab6377"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_73f709c0-6117-5ee6-a2c9-c40f8f11709a">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_69ea17f7-e9cd-5f30-9c3f-864cc96e514c">
											<gml:posList srsDimension="3">
														458757.385 4962528.924 149.997 458753.419 4962528.324 147.755
														458752.807 4962527.736 147.402 458752.760 4962525.145 147.402
														458752.749 4962524.549 147.402 458753.367 4962525.145 147.751
														458757.385 4962528.924 149.997
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_1d1b354f-f664-58ae-83f4-59030fdfacd5"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_82da8112-72ab-506a-90ef-dc8298145285">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_9c6a5c51-1a4d-5b69-b061-610c70253969">
											<gml:posList srsDimension="3">
														458752.749 4962524.549 147.402 458761.833 4962524.577 147.402
														458761.236 4962525.168 147.752 458753.367 4962525.145 147.751
														458752.749 4962524.549 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_e8c0ef2c-910c-58ff-b64a-c4cdcce017a4"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_035ea7fc-3116-5328-a6a0-704a8207f7cb">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_91caf5df-bf9c-53be-a7f9-ebe9c96f2993">
											<gml:posList srsDimension="3">
														458761.236 4962525.168 147.752 458761.833 4962524.577 147.402
														458761.837 4962525.173 147.402 458761.236 4962525.168 147.752
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_bf84b32c-2fa4-5f12-ae41-0791c5fd6028"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_0bc60956-df32-5177-b662-a5f9f5e7adf9">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_b9033499-3e82-5730-8c90-a030a2f86520">
											<gml:posList srsDimension="3">
														458761.236 4962525.168 147.752 458761.837 4962525.173 147.402
														458761.233 4962525.171 147.754 458761.236 4962525.168 147.752
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_ca32ac4b-7f9c-5224-af29-0eb4ac2dcd5f"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_42129454-a44e-528b-b321-5eaa5a71bf9f">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_53cfc31d-9e9a-592d-9bd4-f17af24c5eba">
											<gml:posList srsDimension="3">
														458753.367 4962525.145 147.751 458761.236 4962525.168 147.752
														458761.233 4962525.171 147.754 458753.367 4962525.145 147.751
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_cfcc1373-c147-5ce9-9d27-b42150354e33"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_718623aa-eda6-563b-95c2-3515ce93e674">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_869edceb-0c27-55e6-942c-78849df7afd8">
											<gml:posList srsDimension="3">
														458761.854 4962527.645 147.402 458762.059 4962527.641 147.402
														458762.117 4962530.790 149.247 458761.745 4962530.793 149.247
														458758.680 4962530.815 149.247 458761.254 4962528.252 147.753
														458761.854 4962527.645 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_bf0b89e4-438a-58eb-b7a0-01b4fe332906"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_6312c1ec-aed0-53dc-8b0c-713653edfb0b">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_b1969f35-9499-5c55-8981-51ac7a9e32f2">
											<gml:posList srsDimension="3">
														458761.969 4962533.963 147.402 458761.903 4962533.964 147.402
														458761.386 4962533.459 147.698 458758.680 4962530.815 149.247
														458761.745 4962530.793 149.247 458762.117 4962530.790 149.247
														458762.174 4962533.959 147.402 458761.969 4962533.963 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_019373d7-9a59-5fc7-8631-20637a3ebfe3"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_eb3964c0-3669-50d3-a815-ada19ec75c8a">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_bab0ebc7-3280-57ad-bdf2-f55026f7d627">
											<gml:posList srsDimension="3">
														458757.385 4962528.924 149.997 458757.395 4962531.923 149.997
														458757.389 4962532.647 149.997 458756.834 4962531.912 149.697
														458756.002 4962530.812 149.247 458757.385 4962528.924 149.997
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_68dc0a20-caac-55b5-8e6f-7b40a71d6f3f"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_48a9ecd4-5498-5d2f-a49f-7e79b5f930ec">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_dddced53-f92c-577f-81ef-76a20d45fc4a">
											<gml:posList srsDimension="3">
														458757.385 4962528.924 149.997 458756.002 4962530.812 149.247
														458753.419 4962528.324 147.755 458757.385 4962528.924 149.997
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_58772ef6-e34d-5884-9756-75a5db9daf1a"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_989e51b6-ab43-5744-a07a-b7775a9f3408">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_fe62fd37-525b-51db-bdf6-7758f096d56d">
											<gml:posList srsDimension="3">
														458756.002 4962530.812 149.247 458756.834 4962531.912 149.697
														458757.389 4962532.647 149.997 458757.387 4962533.153 149.997
														458753.431 4962536.999 147.756 458753.393 4962533.323 147.753
														458756.002 4962530.812 149.247
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_7794b5dd-44d9-5a3c-ba0b-1cbaf674f6e7"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_14c45c1e-a9e0-5b57-a058-be005f71a880">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_a9abc236-daa1-548f-ad4d-2fa974188b3c">
											<gml:posList srsDimension="3">
														458753.431 4962536.999 147.756 458757.387 4962533.153 149.997
														458761.330 4962536.990 147.765 458761.358 4962537.017 147.749
														458757.000 4962537.007 147.753 458757.002 4962535.455 148.657
														458755.391 4962535.453 148.657 458755.389 4962537.003 147.754
														458753.431 4962536.999 147.756
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_375f83fd-5a79-5ea3-a599-9d1dd8a6929d"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_9cb0c48b-dd31-59f9-9402-e8ed04020c96"><gml:exterior><gml:LinearRing gml:id="UUID_2775b75f-e45a-58a4-b91a-593f68604d67"><gml:posList srsDimension="3">458761.969 4962537.617 147.406 458761.358 4962537.016 147.747 458761.330 4962536.989 147.762 458753.431 4962537.001 147.760 458753.418 4962537.015 147.752 458752.839 4962537.639 147.399 458761.969 4962537.617 147.406</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_65e809bd-e170-55a1-8743-55a80ca42209"><gml:exterior><gml:LinearRing gml:id="UUID_57351ea6-079c-55ec-9878-bae828d1695b"><gml:posList srsDimension="3">458752.854 4962537.639 147.377 458753.434 4962537.012 147.720 458752.845 4962537.013 147.378 458752.854 4962537.639 147.377</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_675a8f54-2a73-5ec8-9b34-3a430524a765"><gml:exterior><gml:LinearRing gml:id="UUID_b6ef3727-799f-5766-944f-aeeaf1bca3af"><gml:posList srsDimension="3">458752.745 4962525.145 147.427 458753.351 4962525.145 147.779 458752.735 4962524.549 147.426 458752.745 4962525.145 147.427</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_d86b3361-b16d-5981-81ba-0074fb461fb7"><gml:exterior><gml:LinearRing gml:id="UUID_9887ab39-73be-5545-85ba-3a7b2ff3a72e"><gml:posList srsDimension="3">458752.288 4962533.956 147.440 458752.734 4962533.949 147.441 458752.677 4962530.850 149.268 458752.231 4962530.855 149.269 458752.278 4962533.421 147.756 458752.288 4962533.956 147.440</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_4d9e590d-86a5-5bde-8525-855ee519e359"><gml:exterior><gml:LinearRing gml:id="UUID_f984a4a4-082d-59a0-9f62-d7e01eb62115"><gml:posList srsDimension="3">458761.745 4962530.789 149.240 458762.117 4962530.786 149.239 458762.174 4962533.945 147.377 458761.969 4962533.948 147.376 458761.903 4962533.949 147.376 458761.386 4962533.446 147.676 458761.385 4962533.359 147.727 458761.788 4962533.358 147.725 458761.745 4962530.789 149.240</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_1cda0d3c-1009-55cc-a0b9-b688dac25b41"><gml:exterior><gml:LinearRing gml:id="UUID_7c9138b1-4726-5290-88a6-4628bb732afd"><gml:posList srsDimension="3">458752.677 4962530.847 149.232 458752.621 4962527.743 147.395 458752.175 4962527.750 147.396 458752.231 4962530.852 149.232 458752.677 4962530.847 149.232</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_8a7e90b5-8a1c-5690-9862-a1da8cb7332a"><gml:exterior><gml:LinearRing gml:id="UUID_75b6a9e8-d9e1-5a97-abe6-328e8f949594"><gml:posList srsDimension="3">458761.845 4962527.718 147.450 458761.854 4962527.643 147.406 458762.059 4962527.639 147.405 458762.117 4962530.780 149.264 458761.745 4962530.783 149.263 458761.845 4962527.718 147.450</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_ce8eab25-58f9-572a-9994-2de0448e52b9">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_5c8718d8-04c2-5621-9f03-c131d246bbca">
											<gml:posList srsDimension="3">
														458752.749 4962524.549 147.402 458753.367 4962525.145 147.751
														458761.236 4962525.168 147.752 458761.833 4962524.577 147.402
														458752.749 4962524.549 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_409a83e3-d7fc-521e-beca-70ff64fdee22"><gml:exterior><gml:LinearRing gml:id="UUID_8f119d25-97c1-55c7-bbec-5e58dcb600aa"><gml:posList srsDimension="3">458761.824 4962525.173 147.379 458761.819 4962524.577 147.376 458761.221 4962525.169 147.727 458761.819 4962525.170 147.382 458761.846 4962527.645 147.390 458761.824 4962525.173 147.379</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_db600f6b-b670-5c8a-907a-21a7feafc49f"><gml:exterior><gml:LinearRing gml:id="UUID_dfec289f-6668-50af-b8b8-61ad2704f145"><gml:posList srsDimension="3">458761.432 4962536.990 147.718 458761.431 4962536.780 147.717 458761.430 4962536.678 147.717 458761.398 4962533.872 147.708 458761.392 4962533.459 147.708 458761.910 4962533.964 147.414 458761.963 4962536.989 147.412 458761.975 4962537.615 147.411 458761.363 4962537.017 147.758 458761.335 4962536.990 147.774 458761.394 4962536.990 147.740 458761.432 4962536.990 147.718</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_ae96a6bb-ab8f-5b47-9e6d-1fc146a2a258"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_d82d9da4-c842-5671-8b6a-019e8fa54ab0"><gml:exterior><gml:LinearRing gml:id="UUID_8498f0ac-fd70-5291-9023-4df3981aa9f5"><gml:posList srsDimension="3">458761.427 4962536.990 147.709 458761.427 4962536.990 138.099 458753.431 4962536.999 138.099 458753.431 4962536.999 141.402 458753.431 4962536.999 147.756 458761.330 4962536.990 147.765 458761.389 4962536.990 147.731 458761.427 4962536.990 147.709</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_29ab4a90-b755-5ba6-b58e-0f9d1956e2dc"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_5a25e968-ed33-58a8-8574-78e126f842e3"><gml:exterior><gml:LinearRing gml:id="UUID_964f2578-eb99-572e-9614-408d1cfcb9ee"><gml:posList srsDimension="3">458761.424 4962536.678 147.707 458761.425 4962536.780 147.708 458761.428 4962536.990 147.709 458761.427 4962536.990 138.099 458761.425 4962536.780 138.099 458761.386 4962533.372 138.099 458761.386 4962533.372 147.748 458761.387 4962533.459 147.698 458761.392 4962533.872 147.696 458761.424 4962536.678 147.707</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_3828864b-5a19-5bfb-8534-585975a78062"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_57bf1a76-8152-5149-9715-b7f3fbe8a45c">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_0b7b5434-f682-54e7-9999-1e428ef82971">
													<gml:posList srsDimension="3">
														458761.758 4962531.562 143.488 458761.758 4962531.562 145.483
														458761.770 4962530.029 145.483 458761.770 4962530.029 143.488
														458761.758 4962531.562 143.488
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_0e4d77a2-c80e-5dc8-b4f4-ac359f797aad">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_9c281651-1733-553d-b925-b52fe3eab94f">
													<gml:posList srsDimension="3">
														458761.758 4962531.562 140.046 458761.758 4962531.562 142.055
														458761.770 4962530.029 142.055 458761.770 4962530.029 140.046
														458761.758 4962531.562 140.046
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_c1033a04-42ba-54e8-b8a7-2ca49afda780">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_1d9b40f3-a847-5240-82f6-81b808aa316c">
													<gml:posList srsDimension="3">
														458761.843 4962527.796 140.853 458761.843 4962527.796 142.847
														458761.841 4962526.229 142.847 458761.841 4962526.229 140.853
														458761.843 4962527.796 140.853
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_951cf62a-7f13-5384-9dcb-1ac5cc090dc4">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_8458b25e-c112-5b5c-b1ea-708bb1f66328">
													<gml:posList srsDimension="3">
														458761.843 4962527.796 144.273 458761.843 4962527.796 146.262
														458761.841 4962526.229 146.262 458761.841 4962526.229 144.273
														458761.843 4962527.796 144.273
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_b591c46d-6150-54b7-94e9-d27908d0f433">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_9440eb46-735d-58c6-8cf2-6646f84de200">
													<gml:posList srsDimension="3">
														458761.758 4962531.562 146.065 458761.758 4962531.562 148.197
														458761.770 4962530.029 148.197 458761.770 4962530.029 146.065
														458761.758 4962531.562 146.065
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_ad690498-f44f-5b67-b883-96215bc7eff8">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_9f70c1a3-5b0c-5fb3-be2e-b53daf9d02e0">
													<gml:posList srsDimension="3">
														458761.758 4962531.562 138.513 458761.758 4962531.562 139.021
														458761.765 4962530.168 139.021 458761.765 4962530.168 138.513
														458761.758 4962531.562 138.513
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_46d96ae6-7102-5171-899d-af969630807c">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_92d2b45f-9f83-547d-9114-bacf8482d1dd">
											<gml:posList srsDimension="3">
														458761.745 4962530.793 145.483 458761.745 4962530.793 146.065
														458761.770 4962530.029 146.065 458761.770 4962530.029 148.197
														458761.745 4962530.793 148.197 458761.745 4962530.793 149.247
														458761.845 4962527.720 147.446 458761.845 4962527.720 146.262
														458761.843 4962527.796 146.262 458761.843 4962527.796 144.273
														458761.845 4962527.720 144.273 458761.845 4962527.720 142.847
														458761.843 4962527.796 142.847 458761.843 4962527.796 140.853
														458761.845 4962527.720 140.853 458761.845 4962527.720 138.099
														458761.745 4962530.793 138.099 458761.745 4962530.793 138.513
														458761.765 4962530.168 138.513 458761.765 4962530.168 139.021
														458761.745 4962530.793 139.021 458761.745 4962530.793 140.046
														458761.770 4962530.029 140.046 458761.770 4962530.029 142.055
														458761.745 4962530.793 142.055 458761.745 4962530.793 143.488
														458761.770 4962530.029 143.488 458761.770 4962530.029 145.483
														458761.745 4962530.793 145.483
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_db57c409-a7c8-5a51-a66f-357eef5e70c5"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_b5d927ae-2d25-5750-8167-70f97205e68b"><gml:exterior><gml:LinearRing gml:id="UUID_d36ee7ae-1afe-5707-a170-32d5a60c4ab8"><gml:posList srsDimension="3">458752.760 4962525.145 147.402 458753.367 4962525.146 147.751 458761.236 4962525.168 147.752 458761.832 4962525.170 147.405 458761.832 4962525.170 138.099 458753.367 4962525.147 138.099 458752.760 4962525.145 138.099 458752.760 4962525.145 147.402</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_9d50f926-6f25-5314-bc29-214142aa7bed"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_f488f9e6-eb88-5e8c-857c-f17033a3e73d"><gml:exterior><gml:LinearRing gml:id="UUID_1065e90c-a62f-573b-9397-f73df23aae23"><gml:posList srsDimension="3">458752.678 4962530.838 149.247 458752.621 4962527.739 147.402 458752.621 4962527.739 138.099 458752.724 4962533.394 138.099 458752.724 4962533.394 141.090 458752.734 4962533.926 141.129 458752.734 4962533.926 147.402 458752.678 4962530.838 149.247</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_12038b5b-e20e-52fa-8f1b-eed50600f594"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_9e1cd10a-340f-5cd9-89a2-a5988d475a37">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_c58b48f9-fd69-5566-89da-a62193792f48">
											<gml:posList srsDimension="3">
														458761.854 4962527.645 147.402 458761.854 4962527.645 138.099
														458761.845 4962527.720 138.099 458761.845 4962527.720 147.446
														458761.854 4962527.645 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_36a8ede8-b666-57f8-b0e0-b0815d9b5e50"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_58e20b29-9498-5a8f-888b-a3202fe0afa7">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_c13c1cf1-38a1-5bbb-a363-9157851cb6b1">
											<gml:posList srsDimension="3">
														458752.807 4962527.736 138.099 458752.807 4962527.736 147.402
														458752.621 4962527.739 147.402 458752.621 4962527.739 138.099
														458752.807 4962527.736 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_8f9099e1-e6b2-5fa6-86e2-0d7b8961f517"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_22989ffe-a9c8-5347-8b91-574597432ac8">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_98b6372a-291e-5002-8917-95d03a52e4e4">
											<gml:posList srsDimension="3">
														458752.792 4962533.925 147.402 458752.792 4962533.925 141.134
														458752.734 4962533.926 141.129 458752.734 4962533.926 147.402
														458752.792 4962533.925 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_97bc2b51-4c9c-5dd7-91fd-1fe461778fc5"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_1383597c-0fcb-54a1-b53c-f8b2f4e3188d">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_79b162b7-aaee-5f4f-a648-77bda5bcd352">
											<gml:posList srsDimension="3">
														458752.760 4962525.145 138.099 458752.760 4962525.145 147.402
														458752.807 4962527.736 147.402 458752.807 4962527.736 138.099
														458752.760 4962525.145 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_30d0f1bf-4ca7-5611-a042-359f3b386f03"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_576c7c98-de3d-5c20-89b2-422f4615f034">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_1a9fc148-2e54-5d98-9d8b-c1efb1f7b9d4">
											<gml:posList srsDimension="3">
														458752.831 4962537.014 147.402 458752.831 4962537.014 138.099
														458752.831 4962537.007 138.099 458752.831 4962537.007 141.402
														458752.806 4962535.049 141.215 458752.792 4962533.925 141.134
														458752.792 4962533.925 147.402 458752.831 4962537.014 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_5a2c0c0b-88aa-5f80-9f64-1e771dd880a8"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_12a95bc0-e321-542c-a88d-9648c652574d">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_fa6e9a8e-a202-5ed5-84a8-88be3c32d06b">
											<gml:posList srsDimension="3">
														458752.831 4962537.014 138.099 458752.831 4962537.014 147.402
														458753.418 4962537.013 147.748 458753.418 4962537.013 138.099
														458752.831 4962537.014 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_b7483472-8f86-5ceb-b3f6-8bff8691eaad"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_c4f0c86f-f09c-5534-9d21-6965c85cd026">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_429b8b70-4e86-54af-8989-46ac19c1022f">
											<gml:posList srsDimension="3">
														458753.418 4962537.013 147.748 458753.431 4962536.999 147.756
														458753.431 4962536.999 141.402 458753.431 4962536.999 138.099
														458753.418 4962537.013 138.099 458753.418 4962537.013 147.748
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_ff6f3573-da6c-5778-bc7e-c4d146e69011"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_2348daea-b94e-5dc4-bfe7-49792672db85">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_8cb2bc13-cf24-5885-8c3a-bfd43d0b6834">
											<gml:posList srsDimension="3">
														458761.385 4962533.372 138.099 458761.385 4962533.372 147.748
														458761.788 4962533.371 147.747 458761.788 4962533.371 138.099
														458761.385 4962533.372 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_266cc35f-f39f-5324-a6ae-f8a8dd16703b"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_bb9c3d9c-d82e-5bfe-8089-09579c86a210">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_4599dabc-a569-52c9-aec5-430369b7a300">
											<gml:posList srsDimension="3">
														458761.758 4962531.562 139.021 458761.758 4962531.562 138.513
														458761.745 4962530.793 138.513 458761.745 4962530.793 138.099
														458761.788 4962533.371 138.099 458761.788 4962533.371 147.747
														458761.745 4962530.793 149.247 458761.745 4962530.793 148.197
														458761.758 4962531.562 148.197 458761.758 4962531.562 146.065
														458761.745 4962530.793 146.065 458761.745 4962530.793 145.483
														458761.758 4962531.562 145.483 458761.758 4962531.562 143.488
														458761.745 4962530.793 143.488 458761.745 4962530.793 142.055
														458761.758 4962531.562 142.055 458761.758 4962531.562 140.046
														458761.745 4962530.793 140.046 458761.745 4962530.793 139.021
														458761.758 4962531.562 139.021
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_b7f5456c-59db-5f5e-be62-78cfea54bfee"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_9f8aaec0-c78c-5d81-8357-9cdb3997af8c">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_35f3d32e-e39d-510a-be46-05e57e38c94b">
											<gml:posList srsDimension="3">
														458761.832 4962525.170 147.405 458761.832 4962525.170 138.099
														458761.854 4962527.645 138.099 458761.854 4962527.645 140.853
														458761.841 4962526.229 140.853 458761.841 4962526.229 142.847
														458761.854 4962527.645 142.847 458761.854 4962527.645 144.273
														458761.841 4962526.229 144.273 458761.841 4962526.229 146.262
														458761.854 4962527.645 146.262 458761.854 4962527.645 147.402
														458761.832 4962525.170 147.405
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:GroundSurface gml:id="UUID_eeb613a3-0185-5886-b6d2-7ebe28944e3b"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_af9b635c-d21b-5e7c-8b36-b5e4734ab58b">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_1665ea71-4293-59e7-98c5-8a7f9c7f1dd3">
											<gml:posList srsDimension="3">
														458752.831 4962537.007 138.099 458752.831 4962537.014 138.099
														458753.418 4962537.013 138.099 458753.431 4962536.999 138.099
														458761.427 4962536.990 138.099 458761.425 4962536.780 138.099
														458761.385 4962533.372 138.099 458761.788 4962533.371 138.099
														458761.745 4962530.793 138.099 458761.845 4962527.720 138.099
														458761.854 4962527.645 138.099 458761.832 4962525.170 138.099
														458753.367 4962525.145 138.099 458752.760 4962525.145 138.099
														458752.807 4962527.736 138.099 458752.621 4962527.739 138.099
														458752.724 4962533.394 138.099 458752.734 4962533.926 138.099
														458752.792 4962533.925 138.099 458752.831 4962537.007 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:GroundSurface></bldg:boundedBy><bldg:consistsOfBuildingPart>
				<bldg:BuildingPart>
					<bldg:lod2Solid><gml:Solid><gml:exterior><gml:CompositeSurface><gml:surfaceMember xlink:href="#UUID_051db5b5-a21c-5318-86fd-be2ca42a76e3"/><gml:surfaceMember xlink:href="#UUID_47110d2f-1a57-5d70-9a29-7d4ed0a80359"/><gml:surfaceMember xlink:href="#UUID_33273020-3c77-5f48-a517-855c9563ee1a"/><gml:surfaceMember xlink:href="#UUID_99c9437d-8735-53e9-b49e-25db39cd14f0"/><gml:surfaceMember xlink:href="#UUID_cf8a07a1-a149-5d0b-919e-c1c37410d51f"/><gml:surfaceMember xlink:href="#UUID_be9618b0-37c8-568b-b9c5-1db06b55e8f4"/><gml:surfaceMember xlink:href="#UUID_0ce813f4-cd46-5f09-9f0d-4bb791b8397f"/></gml:CompositeSurface></gml:exterior></gml:Solid></bldg:lod2Solid><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_9f830df2-e49a-577d-8f66-5e0897ebf41a"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_051db5b5-a21c-5318-86fd-be2ca42a76e3"><gml:exterior><gml:LinearRing gml:id="UUID_4149dd64-71d3-5413-96dc-82a81e00932a"><gml:posList srsDimension="3">458752.831 4962537.006 141.408 458750.712 4962537.034 141.401 458750.659 4962532.931 141.014 458751.224 4962532.925 141.016 458751.233 4962533.420 141.063 458752.278 4962533.400 141.066 458752.724 4962533.396 141.067 458752.734 4962533.927 141.117 458752.792 4962533.927 141.118 458752.806 4962535.048 141.223 458752.831 4962537.006 141.408</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_da4c1587-b12b-5a1c-8b28-865fc55bf574"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_47110d2f-1a57-5d70-9a29-7d4ed0a80359">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_d604fde9-af4c-5154-b32f-cf4de5f2d429">
													<gml:posList srsDimension="3">
														458752.278 4962533.401 141.057 458751.233 4962533.420 141.057
														458751.233 4962533.420 138.099 458752.724 4962533.394 138.099
														458752.724 4962533.394 141.090 458752.278 4962533.401 141.057
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_33273020-3c77-5f48-a517-855c9563ee1a">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_2360acb1-293f-5d91-9856-cc518511f6cb">
													<gml:posList srsDimension="3">
														458751.224 4962532.925 138.099 458751.224 4962532.925 141.012
														458750.659 4962532.931 141.012 458750.659 4962532.931 138.099
														458751.224 4962532.925 138.099
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_99c9437d-8735-53e9-b49e-25db39cd14f0">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_b241a0f2-e0a2-56cf-aac6-f734cd44a05b">
													<gml:posList srsDimension="3">
														458750.659 4962532.931 138.099 458750.659 4962532.931 141.012
														458750.712 4962537.034 141.402 458750.712 4962537.034 138.099
														458750.659 4962532.931 138.099
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_cf8a07a1-a149-5d0b-919e-c1c37410d51f">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_e0f788f3-17e6-580c-9df9-ab6b685924b4">
													<gml:posList srsDimension="3">
														458750.712 4962537.034 138.099 458750.712 4962537.034 141.402
														458752.831 4962537.007 141.402 458752.831 4962537.007 138.099
														458750.712 4962537.034 138.099
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_be9618b0-37c8-568b-b9c5-1db06b55e8f4">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_ed3154ae-dbf7-56c4-a28a-99d1d81d5c4f">
													<gml:posList srsDimension="3">
														458751.233 4962533.420 138.099 458751.233 4962533.420 141.057
														458751.224 4962532.925 141.012 458751.224 4962532.925 138.099
														458751.233 4962533.420 138.099
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:GroundSurface gml:id="UUID_6d588897-d5d6-51f9-b0bc-84b430f9e669"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_0ce813f4-cd46-5f09-9f0d-4bb791b8397f">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_c27c3adb-45d8-5706-872a-733798c6b6bc">
													<gml:posList srsDimension="3">
														458752.734 4962533.926 138.099 458752.724 4962533.394 138.099
														458751.233 4962533.420 138.099 458751.224 4962532.925 138.099
														458750.659 4962532.931 138.099 458750.712 4962537.034 138.099
														458752.831 4962537.007 138.099 458752.792 4962533.925 138.099
														458752.734 4962533.926 138.099
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:GroundSurface></bldg:boundedBy></bldg:BuildingPart>
			</bldg:consistsOfBuildingPart>
		</bldg:Building>
	</cityObjectMember>
</CityModel>