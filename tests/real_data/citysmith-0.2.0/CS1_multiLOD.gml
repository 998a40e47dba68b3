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
			<bldg:lod0FootPrint><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_97dea2eb-6349-50b4-acda-842dc473f34e"><gml:exterior><gml:LinearRing gml:id="UUID_875e0cac-12c0-5c7e-9c0d-b5412ddabeff"><gml:posList srsDimension="3">458752.831 4962537.007 138.099 458752.831 4962537.014 138.099 458753.418 4962537.013 138.099 458753.431 4962536.999 138.099 458761.427 4962536.990 138.099 458761.425 4962536.780 138.099 458761.385 4962533.372 138.099 458761.788 4962533.371 138.099 458761.745 4962530.793 138.099 458761.845 4962527.720 138.099 458761.854 4962527.645 138.099 458761.832 4962525.170 138.099 458753.367 4962525.145 138.099 458752.760 4962525.145 138.099 458752.807 4962527.736 138.099 458752.621 4962527.739 138.099 458752.724 4962533.394 138.099 458752.734 4962533.926 138.099 458752.792 4962533.925 138.099 458752.831 4962537.007 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod0FootPrint>
			<bldg:lod1Solid><gml:Solid><gml:exterior><gml:CompositeSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_7435bd40-3959-580a-b984-0868451a9118"><gml:exterior><gml:LinearRing gml:id="UUID_e94e236e-8cf9-5bf6-8fc5-3bb5b83b925f"><gml:posList srsDimension="3">458752.831 4962537.007 138.099 458752.831 4962537.014 138.099 458753.418 4962537.013 138.099 458753.431 4962536.999 138.099 458761.427 4962536.990 138.099 458761.425 4962536.780 138.099 458761.385 4962533.372 138.099 458761.788 4962533.371 138.099 458761.745 4962530.793 138.099 458761.845 4962527.720 138.099 458761.854 4962527.645 138.099 458761.832 4962525.170 138.099 458753.367 4962525.145 138.099 458752.760 4962525.145 138.099 458752.807 4962527.736 138.099 458752.621 4962527.739 138.099 458752.724 4962533.394 138.099 458752.734 4962533.926 138.099 458752.792 4962533.925 138.099 458752.831 4962537.007 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_0d52d5bc-259b-5845-a1c6-4a3ad16eb11f"><gml:exterior><gml:LinearRing gml:id="UUID_f7448ec8-fdfe-5fb3-b910-8271616b68cf"><gml:posList srsDimension="3">458752.792 4962533.925 148.709 458752.734 4962533.926 148.709 458752.724 4962533.394 148.709 458752.621 4962527.739 148.709 458752.807 4962527.736 148.709 458752.760 4962525.145 148.709 458753.367 4962525.145 148.709 458761.832 4962525.170 148.709 458761.854 4962527.645 148.709 458761.845 4962527.720 148.709 458761.745 4962530.793 148.709 458761.788 4962533.371 148.709 458761.385 4962533.372 148.709 458761.425 4962536.780 148.709 458761.427 4962536.990 148.709 458753.431 4962536.999 148.709 458753.418 4962537.013 148.709 458752.831 4962537.014 148.709 458752.831 4962537.007 148.709 458752.792 4962533.925 148.709</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_bf5752fd-aa51-56e9-bc6f-6b3e8f1b3917"><gml:exterior><gml:LinearRing gml:id="UUID_f0be20cb-491d-5bc5-87df-0a4f4526a518"><gml:posList srsDimension="3">458752.792 4962533.925 138.099 458752.734 4962533.926 138.099 458752.734 4962533.926 148.709 458752.792 4962533.925 148.709 458752.792 4962533.925 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_bfab7d68-69b6-5204-bc14-f9c70ea9cfd0"><gml:exterior><gml:LinearRing gml:id="UUID_ebb2fd92-22bb-53a7-a47e-64b39c5f6abc"><gml:posList srsDimension="3">458752.734 4962533.926 138.099 458752.724 4962533.394 138.099 458752.724 4962533.394 148.709 458752.734 4962533.926 148.709 458752.734 4962533.926 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_be754b5c-9500-5489-9f9e-ff802e6a9f1c"><gml:exterior><gml:LinearRing gml:id="UUID_776be873-98e6-5417-9fdb-3c79aaceac41"><gml:posList srsDimension="3">458752.724 4962533.394 138.099 458752.621 4962527.739 138.099 458752.621 4962527.739 148.709 458752.724 4962533.394 148.709 458752.724 4962533.394 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_8f7d0a32-0f17-5d3c-8f6c-8934f2353c50"><gml:exterior><gml:LinearRing gml:id="UUID_fa2fdd24-0f1b-57e3-adca-0fcadfd5fe5c"><gml:posList srsDimension="3">458752.621 4962527.739 138.099 458752.807 4962527.736 138.099 458752.807 4962527.736 148.709 458752.621 4962527.739 148.709 458752.621 4962527.739 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_aa7707e5-3440-57f8-beaa-1e91e86fc0c1"><gml:exterior><gml:LinearRing gml:id="UUID_91b27f9a-ae16-56a9-829f-f6b03edf831b"><gml:posList srsDimension="3">458752.807 4962527.736 138.099 458752.760 4962525.145 138.099 458752.760 4962525.145 148.709 458752.807 4962527.736 148.709 458752.807 4962527.736 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_43fa3231-481c-5a85-9f16-4218f58a7646"><gml:exterior><gml:LinearRing gml:id="UUID_d449b3b0-3b2d-5337-ae73-979f802dd6e5"><gml:posList srsDimension="3">458752.760 4962525.145 138.099 458753.367 4962525.145 138.099 458753.367 4962525.145 148.709 458752.760 4962525.145 148.709 458752.760 4962525.145 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_1693655d-4f7d-538a-9e0a-8d9728692e5f"><gml:exterior><gml:LinearRing gml:id="UUID_726df050-1935-5723-8594-e901ed3a7036"><gml:posList srsDimension="3">458753.367 4962525.145 138.099 458761.832 4962525.170 138.099 458761.832 4962525.170 148.709 458753.367 4962525.145 148.709 458753.367 4962525.145 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_549a3b2a-8a6f-548c-9ac6-170aaf2d7edd"><gml:exterior><gml:LinearRing gml:id="UUID_c0d68c18-d34d-5eee-aad7-09c240935453"><gml:posList srsDimension="3">458761.832 4962525.170 138.099 458761.854 4962527.645 138.099 458761.854 4962527.645 148.709 458761.832 4962525.170 148.709 458761.832 4962525.170 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_51b04a3e-604c-5c64-9e0b-6f50cdbf6f6e"><gml:exterior><gml:LinearRing gml:id="UUID_fd2b7c89-ea2c-55c8-88a0-7f88ed331888"><gml:posList srsDimension="3">458761.854 4962527.645 138.099 458761.845 4962527.720 138.099 458761.845 4962527.720 148.709 458761.854 4962527.645 148.709 458761.854 4962527.645 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_5013d1fb-b6a3-5920-a1d8-6c88dd0d1d10"><gml:exterior><gml:LinearRing gml:id="UUID_6abb93e2-871e-54c3-bd5b-1b44e787970c"><gml:posList srsDimension="3">458761.845 4962527.720 138.099 458761.745 4962530.793 138.099 458761.745 4962530.793 148.709 458761.845 4962527.720 148.709 458761.845 4962527.720 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_4ba5a63e-a7a9-5ec9-a4ce-4a0ff03d77f4"><gml:exterior><gml:LinearRing gml:id="UUID_56939dee-d242-50a3-9d08-97254818c9d5"><gml:posList srsDimension="3">458761.745 4962530.793 138.099 458761.788 4962533.371 138.099 458761.788 4962533.371 148.709 458761.745 4962530.793 148.709 458761.745 4962530.793 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_b6e016b6-f428-52a7-b99a-7e852c700ec5"><gml:exterior><gml:LinearRing gml:id="UUID_bb59d0a2-e0d7-56d7-90f0-566e05862ef2"><gml:posList srsDimension="3">458761.788 4962533.371 138.099 458761.385 4962533.372 138.099 458761.385 4962533.372 148.709 458761.788 4962533.371 148.709 458761.788 4962533.371 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_9f3b295f-2de7-56ab-a75d-716dcc9d52de"><gml:exterior><gml:LinearRing gml:id="UUID_f1e40dcc-ea18-5372-a347-5e2c57f8a492"><gml:posList srsDimension="3">458761.385 4962533.372 138.099 458761.425 4962536.780 138.099 458761.425 4962536.780 148.709 458761.385 4962533.372 148.709 458761.385 4962533.372 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_0f6a546a-054d-5d99-a5df-15845bd6024e"><gml:exterior><gml:LinearRing gml:id="UUID_dfb5b7fa-894e-5a26-a963-d351f60d75ce"><gml:posList srsDimension="3">458761.425 4962536.780 138.099 458761.427 4962536.990 138.099 458761.427 4962536.990 148.709 458761.425 4962536.780 148.709 458761.425 4962536.780 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_33bf2436-ac0f-54d7-babb-d0600941ddc3"><gml:exterior><gml:LinearRing gml:id="UUID_21f630f7-076b-5671-a377-c76554596641"><gml:posList srsDimension="3">458761.427 4962536.990 138.099 458753.431 4962536.999 138.099 458753.431 4962536.999 148.709 458761.427 4962536.990 148.709 458761.427 4962536.990 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_41d54433-3d0c-5989-b6ae-2317bd190cd9"><gml:exterior><gml:LinearRing gml:id="UUID_28e13b59-1e37-585e-bba1-4b58fff44927"><gml:posList srsDimension="3">458753.431 4962536.999 138.099 458753.418 4962537.013 138.099 458753.418 4962537.013 148.709 458753.431 4962536.999 148.709 458753.431 4962536.999 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_449e407c-498b-5d02-9278-7543a19506e9"><gml:exterior><gml:LinearRing gml:id="UUID_57a99e6b-5ad6-5798-8ae6-5621d69c54c0"><gml:posList srsDimension="3">458753.418 4962537.013 138.099 458752.831 4962537.014 138.099 458752.831 4962537.014 148.709 458753.418 4962537.013 148.709 458753.418 4962537.013 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_fa2c6cc8-084e-5417-a22e-fe1af5242095"><gml:exterior><gml:LinearRing gml:id="UUID_d919c9c0-ecc1-50ca-b904-5924b1b655b0"><gml:posList srsDimension="3">458752.831 4962537.014 138.099 458752.831 4962537.007 138.099 458752.831 4962537.007 148.709 458752.831 4962537.014 148.709 458752.831 4962537.014 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_d508bf73-5392-5731-a815-a8b4968f2eaf"><gml:exterior><gml:LinearRing gml:id="UUID_1590920c-b47f-58bd-92f2-fb252a9adf55"><gml:posList srsDimension="3">458752.831 4962537.007 138.099 458752.792 4962533.925 138.099 458752.792 4962533.925 148.709 458752.831 4962537.007 148.709 458752.831 4962537.007 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:CompositeSurface></gml:exterior></gml:Solid></bldg:lod1Solid>
			<bldg:lod2Solid><gml:Solid><gml:exterior><gml:CompositeSurface><gml:surfaceMember xlink:href="#UUID_5ca865f5-43e4-5870-b95d-2d5bc5442872"/><gml:surfaceMember xlink:href="#UUID_dea8d279-c9d4-53ee-8896-7585f140b3c8"/><gml:surfaceMember xlink:href="#UUID_9d4032e0-0437-5435-a12b-ae65f93a626a"/><gml:surfaceMember xlink:href="#UUID_9c2416da-4b48-5426-bc7e-83331792e0dc"/><gml:surfaceMember xlink:href="#UUID_5fcc6c11-e274-5b57-a42e-784c9be9b398"/><gml:surfaceMember xlink:href="#UUID_f5328ecc-c598-5191-aa34-334b958bc934"/><gml:surfaceMember xlink:href="#UUID_089c024d-a73e-56e6-abfd-784a0bb498a5"/><gml:surfaceMember xlink:href="#UUID_73f709c0-6117-5ee6-a2c9-c40f8f11709a"/><gml:surfaceMember xlink:href="#UUID_82da8112-72ab-506a-90ef-dc8298145285"/><gml:surfaceMember xlink:href="#UUID_035ea7fc-3116-5328-a6a0-704a8207f7cb"/><gml:surfaceMember xlink:href="#UUID_0bc60956-df32-5177-b662-a5f9f5e7adf9"/><gml:surfaceMember xlink:href="#UUID_42129454-a44e-528b-b321-5eaa5a71bf9f"/><gml:surfaceMember xlink:href="#UUID_718623aa-eda6-563b-95c2-3515ce93e674"/><gml:surfaceMember xlink:href="#UUID_6312c1ec-aed0-53dc-8b0c-713653edfb0b"/><gml:surfaceMember xlink:href="#UUID_eb3964c0-3669-50d3-a815-ada19ec75c8a"/><gml:surfaceMember xlink:href="#UUID_48a9ecd4-5498-5d2f-a49f-7e79b5f930ec"/><gml:surfaceMember xlink:href="#UUID_989e51b6-ab43-5744-a07a-b7775a9f3408"/><gml:surfaceMember xlink:href="#UUID_14c45c1e-a9e0-5b57-a058-be005f71a880"/><gml:surfaceMember xlink:href="#UUID_b1938329-f725-5121-84fe-4c0aa7921883"/><gml:surfaceMember xlink:href="#UUID_b466a72b-76c0-58ab-b207-50f9e9ea2e09"/><gml:surfaceMember xlink:href="#UUID_74dca573-a22a-5f24-9111-0f2b4d8e1902"/><gml:surfaceMember xlink:href="#UUID_02c4b683-3041-5734-a623-12397e281882"/><gml:surfaceMember xlink:href="#UUID_9a627228-ae34-5ca8-94b6-ce914e13f6ce"/><gml:surfaceMember xlink:href="#UUID_74cadde6-f6b1-5e7d-9acf-dd352c254455"/><gml:surfaceMember xlink:href="#UUID_b3bc8aa8-3b5d-503f-9179-27e564b81808"/><gml:surfaceMember xlink:href="#UUID_ce8eab25-58f9-572a-9994-2de0448e52b9"/><gml:surfaceMember xlink:href="#UUID_6c112771-b996-54cb-8d58-6e963183c22b"/><gml:surfaceMember xlink:href="#UUID_7bac80fe-3178-5a81-8250-92c0d1436aa9"/><gml:surfaceMember xlink:href="#UUID_1a121ff6-20bf-5afd-b6fb-0a09b312af61"/><gml:surfaceMember xlink:href="#UUID_84e3b995-0661-586b-a812-c7eb0ec6d54f"/><gml:surfaceMember xlink:href="#UUID_57bf1a76-8152-5149-9715-b7f3fbe8a45c"/><gml:surfaceMember xlink:href="#UUID_0e4d77a2-c80e-5dc8-b4f4-ac359f797aad"/><gml:surfaceMember xlink:href="#UUID_c1033a04-42ba-54e8-b8a7-2ca49afda780"/><gml:surfaceMember xlink:href="#UUID_951cf62a-7f13-5384-9dcb-1ac5cc090dc4"/><gml:surfaceMember xlink:href="#UUID_b591c46d-6150-54b7-94e9-d27908d0f433"/><gml:surfaceMember xlink:href="#UUID_ad690498-f44f-5b67-b883-96215bc7eff8"/><gml:surfaceMember xlink:href="#UUID_46d96ae6-7102-5171-899d-af969630807c"/><gml:surfaceMember xlink:href="#UUID_2b7e91e9-6bb9-56df-9e0f-2b72abe2a77b"/><gml:surfaceMember xlink:href="#UUID_cfd8d0dc-b3af-5074-bcf6-c68f7456849f"/><gml:surfaceMember xlink:href="#UUID_9e1cd10a-340f-5cd9-89a2-a5988d475a37"/><gml:surfaceMember xlink:href="#UUID_58e20b29-9498-5a8f-888b-a3202fe0afa7"/><gml:surfaceMember xlink:href="#UUID_22989ffe-a9c8-5347-8b91-574597432ac8"/><gml:surfaceMember xlink:href="#UUID_1383597c-0fcb-54a1-b53c-f8b2f4e3188d"/><gml:surfaceMember xlink:href="#UUID_576c7c98-de3d-5c20-89b2-422f4615f034"/><gml:surfaceMember xlink:href="#UUID_12a95bc0-e321-542c-a88d-9648c652574d"/><gml:surfaceMember xlink:href="#UUID_c4f0c86f-f09c-5534-9d21-6965c85cd026"/><gml:surfaceMember xlink:href="#UUID_2348daea-b94e-5dc4-bfe7-49792672db85"/><gml:surfaceMember xlink:href="#UUID_bb9c3d9c-d82e-5bfe-8089-09579c86a210"/><gml:surfaceMember xlink:href="#UUID_9f8aaec0-c78c-5d81-8357-9cdb3997af8c"/><gml:surfaceMember xlink:href="#UUID_af9b635c-d21b-5e7c-8b36-b5e4734ab58b"/></gml:CompositeSurface></gml:exterior></gml:Solid></bldg:lod2Solid>
			<bldg:outerBuildingInstallation>
				<bldg:BuildingInstallation gml:id="CS1_installation_0001">
					<gen:stringAttribute name="type"><gen:value>chimney</gen:value></gen:stringAttribute><bldg:function>1030</bldg:function><bldg:lod3Geometry><gml:MultiSurface><gml:surfaceMember xlink:href="#UUID_64f80573-7e17-416c-89bc-a3a6f0fe8394"/><gml:surfaceMember xlink:href="#UUID_b63e3821-8b80-46d8-9051-d67873d3b250"/><gml:surfaceMember xlink:href="#UUID_2cbf6f7f-31b7-41bd-8bfc-85d1678bbeea"/><gml:surfaceMember xlink:href="#UUID_17ab3950-784d-45cd-938c-2fbfd33780fa"/><gml:surfaceMember xlink:href="#UUID_f10338c3-2069-45db-8147-cc2231ed6427"/></gml:MultiSurface></bldg:lod3Geometry>
					<bldg:boundedBy>
						<bldg:RoofSurface gml:id="CS1_roof_0001">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_64f80573-7e17-416c-89bc-a3a6f0fe8394">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_4fff23ab-393a-4828-ad61-ab852abf6768">
													<gml:posList srsDimension="3">
																458756.714 4962531.910 150.657 458756.834 4962531.912 150.657
																458757.395 4962531.923 150.657 458757.389 4962532.647 150.657
																458756.701 4962532.635 150.657 458756.714 4962531.910 150.657
															</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:RoofSurface>
					</bldg:boundedBy>
				<bldg:boundedBy>
						<bldg:WallSurface gml:id="CS1_wall_0001">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_b63e3821-8b80-46d8-9051-d67873d3b250">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_f20d010a-ee45-4e0d-8f89-0da1b22292a7">
													<gml:posList srsDimension="3">
																458756.701 4962532.635 150.657 458756.701 4962532.635 149.612
																458756.714 4962531.910 149.630 458756.714 4962531.910 150.657
																458756.701 4962532.635 150.657
															</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_2cbf6f7f-31b7-41bd-8bfc-85d1678bbeea">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_77e3bf06-3865-48d1-840d-d386f19cdd35">
													<gml:posList srsDimension="3">
																458757.389 4962532.647 150.657 458757.389 4962532.647 149.997
																458756.701 4962532.635 149.612 458756.701 4962532.635 150.657
																458757.389 4962532.647 150.657
															</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_17ab3950-784d-45cd-938c-2fbfd33780fa">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_74eb7421-2a03-4f22-9242-61b4c81272c5">
													<gml:posList srsDimension="3">
																458757.395 4962531.923 150.657 458756.834 4962531.912 150.657
																458756.714 4962531.910 150.657 458756.714 4962531.910 149.630
																458756.834 4962531.912 149.697 458757.395 4962531.923 149.997
																458757.395 4962531.923 150.657
															</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_f10338c3-2069-45db-8147-cc2231ed6427">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_4fbed1f9-8fd8-45d0-8f26-a7d8f4898fc4">
													<gml:posList srsDimension="3">
																458757.395 4962531.923 150.657 458757.395 4962531.923 149.997
																458757.389 4962532.647 149.997 458757.389 4962532.647 150.657
																458757.395 4962531.923 150.657
															</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:WallSurface>
					</bldg:boundedBy></bldg:BuildingInstallation>
			</bldg:outerBuildingInstallation>
			<bldg:outerBuildingInstallation>
				<bldg:BuildingInstallation gml:id="CS1_installation_0002">
					<gen:stringAttribute name="type"><gen:value>balcony</gen:value></gen:stringAttribute><bldg:function>1000</bldg:function>
				<bldg:lod3Geometry>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_759ca8ea-0d2a-47a5-af10-c5b1b20184d3">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_52e2606d-3f10-4e27-b370-dc1395c35814">
											<gml:posList srsDimension="3">
												458752.632 4962528.356 145.257 458752.724 4962533.379 145.257
												458751.253 4962533.397 145.257 458751.160 4962528.361 145.257
												458752.632 4962528.356 145.257
											</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_74241902-f538-47f6-9656-4473c60b4870">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_280c8f69-59fe-4a1f-91e3-c4631f1b8a10">
											<gml:posList srsDimension="3">
												458752.632 4962528.336 146.257 458751.160 4962528.341 146.257
												458751.140 4962528.341 146.257 458751.140 4962528.341 145.257
												458751.140 4962528.341 145.157 458752.632 4962528.336 145.157
												458752.632 4962528.336 145.257 458752.632 4962528.336 146.257
											</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_6dc70754-6627-4c61-ba7e-c284b8f76e39">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_ec04e228-b2f3-40e8-a5a5-8263ff1bbc43">
											<gml:posList srsDimension="3">
												458751.233 4962533.420 145.157 458751.140 4962528.341 145.157
												458751.140 4962528.361 145.257 458751.140 4962528.361 146.257
												458751.233 4962533.420 146.257 458751.233 4962533.420 145.257
												458751.233 4962533.420 145.157
											</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_26c1e97a-9c62-4ddf-826f-6ab47e5aa3cb">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_9729dfa5-d048-46a7-957f-66cd157db1e8">
											<gml:posList srsDimension="3">
												458751.140 4962528.341 145.257 458751.140 4962528.341 146.257
												458751.140 4962528.361 146.257 458751.140 4962528.361 145.257
												458751.140 4962528.341 145.157 458751.140 4962528.341 145.257
											</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_ad486df3-d823-46ed-8050-770f60bc55bd">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_31992189-b4be-49eb-962e-f9ab9f05bf87">
											<gml:posList srsDimension="3">
												458751.233 4962533.420 145.257 458751.233 4962533.420 146.257
												458752.724 4962533.394 146.257 458752.724 4962533.394 145.257
												458752.724 4962533.394 145.157 458751.233 4962533.420 145.157
												458751.233 4962533.420 145.257
											</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_b0bcc53a-3389-4273-8794-ff87e7263895">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_96dc336d-93f8-4ee6-83db-18694ae3b6e6">
											<gml:posList srsDimension="3">
												458752.632 4962528.336 145.157 458751.140 4962528.341 145.157
												458751.233 4962533.420 145.157 458752.724 4962533.394 145.157
												458752.632 4962528.336 145.157
											</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_855fc837-8553-4573-9d43-2de12827543c">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_3bf8e39d-545c-4435-b12e-fa986285958b">
											<gml:posList srsDimension="3">
												458751.160 4962528.341 146.257 458752.632 4962528.336 146.257
												458752.632 4962528.356 146.257 458751.160 4962528.361 146.257
												458751.253 4962533.397 146.257 458752.724 4962533.379 146.257
												458752.724 4962533.394 146.257 458751.233 4962533.420 146.257
												458751.140 4962528.361 146.257 458751.140 4962528.341 146.257
												458751.160 4962528.341 146.257
											</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_452edfff-2b88-4bd2-8088-44d3847fcc46">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_7adbc9b4-f488-4ad9-ad71-d88912960797">
											<gml:posList srsDimension="3">
												458751.160 4962528.361 146.257 458752.632 4962528.356 146.257
												458752.632 4962528.356 145.257 458751.160 4962528.361 145.257
												458751.160 4962528.361 146.257
											</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_7fe46071-a68f-4b12-8c6b-bf4ba99d5911">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_18363510-b8cd-469b-96e0-3d2c73af38c5">
											<gml:posList srsDimension="3">
												458751.160 4962528.361 146.257 458751.160 4962528.361 145.257
												458751.253 4962533.397 145.257 458751.253 4962533.397 146.257
												458751.160 4962528.361 146.257
											</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_66cdee42-771e-4218-9f3a-dfea15003927">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_6b05ff5a-a514-460c-8a3f-30d1ada80540">
											<gml:posList srsDimension="3">
												458752.724 4962533.379 145.257 458752.724 4962533.379 146.257
												458751.253 4962533.397 146.257 458751.253 4962533.397 145.257
												458752.724 4962533.379 145.257
											</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3Geometry></bldg:BuildingInstallation>
			</bldg:outerBuildingInstallation>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0002">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_c984ac8f-c167-4b55-9d9f-e129e7b23f31">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_46902e8f-e219-4e8b-824e-ee32d35db24f">
											<gml:posList srsDimension="3">
														458761.358 4962537.017 147.749 458761.969 4962537.615 147.402
														458752.839 4962537.640 147.402 458761.358 4962537.017 147.749
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0003">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_e1487983-893b-4962-b640-f95b96d57054">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_bd89900e-c59a-49a0-9726-260e0b510d5f">
											<gml:posList srsDimension="3">
														458761.358 4962537.017 147.749 458761.330 4962536.990 147.765
														458757.400 4962533.153 150.020 458757.401 4962532.647 150.017
														458757.404 4962531.923 150.012 458757.390 4962528.924 150.006
														458761.238 4962525.171 147.762 458761.843 4962525.173 147.412
														458761.861 4962527.645 147.414 458761.260 4962528.252 147.764
														458758.689 4962530.815 149.263 458761.394 4962533.459 147.711
														458761.910 4962533.964 147.415 458761.958 4962536.989 147.402
														458761.967 4962537.615 147.399 458761.358 4962537.017 147.749
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_ff3e23c3-5825-4a4d-b797-f9809ceb258e">
											<gml:posList srsDimension="3">
														458759.684 4962527.238 148.671 458760.955 4962527.230 147.936
														458760.964 4962528.059 147.934 458759.693 4962528.067 148.669
														458759.684 4962527.238 148.671
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_e853a340-c1fc-4773-97ed-84120e5462a8">
											<gml:posList srsDimension="3">
														458759.719 4962534.952 148.687 458759.710 4962534.172 148.689
														458760.962 4962534.148 147.965 458760.970 4962534.929 147.964
														458759.719 4962534.952 148.687
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0001">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_dbd9ae8f-60fe-4c73-8075-b22879cf1a8c">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_30309335-9ee0-40b1-bd9c-88e8a965ac16">
													<gml:posList srsDimension="3">
														458760.955 4962527.230 147.936 458760.964 4962528.059 147.934
														458759.693 4962528.067 148.669 458759.684 4962527.238 148.671
														458760.955 4962527.230 147.936
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0002">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_47358555-5947-4858-a650-e977bf9fbcf8">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_41bf4c8c-a321-44f8-b548-9524b6b621db">
													<gml:posList srsDimension="3">
														458760.962 4962534.148 147.965 458760.970 4962534.929 147.964
														458759.719 4962534.952 148.687 458759.710 4962534.172 148.689
														458760.962 4962534.148 147.965
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0004">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_fa77e09b-59d1-4ec6-ba22-767a9c3fe63a">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_2ba7eccb-03dc-4836-9c68-be5609f9089d">
											<gml:posList srsDimension="3">
														458753.393 4962533.323 147.753 458753.431 4962536.999 147.756
														458753.418 4962537.013 147.748 458752.839 4962537.640 147.402
														458752.831 4962537.014 147.402 458752.792 4962533.925 147.402
														458753.393 4962533.323 147.753
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0005">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_66e8f52c-b985-457f-b942-a7ba06b34d32">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_3f86eeaf-91bd-4a62-9328-20badc3d74d9">
											<gml:posList srsDimension="3">
														458752.839 4962537.640 147.402 458753.418 4962537.013 147.748
														458753.431 4962536.999 147.756 458755.389 4962537.003 147.754
														458755.389 4962537.037 147.735 458757.000 4962537.038 147.735
														458757.000 4962537.007 147.753 458761.358 4962537.017 147.749
														458752.839 4962537.640 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0003">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_3f349349-99d9-47a8-b83b-0b832dc427d5">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_f0b64110-6644-420b-8901-5d5a1edb0876">
													<gml:posList srsDimension="3">
														458757.000 4962537.038 147.735 458755.389 4962537.037 147.735
														458755.391 4962535.453 148.657 458757.002 4962535.455 148.657
														458757.000 4962537.038 147.735
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0006">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_73f262cc-cdf9-44c2-b6f2-b5d5bcc80e09">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_414b4a86-b38d-4a0d-9ce6-be958bfc249d">
											<gml:posList srsDimension="3">
														458752.288 4962533.934 147.402 458752.278 4962533.401 147.720
														458752.231 4962530.842 149.247 458752.677 4962530.838 149.247
														458756.002 4962530.812 149.247 458753.393 4962533.323 147.753
														458752.792 4962533.925 147.402 458752.734 4962533.926 147.402
														458752.288 4962533.934 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0007">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_f3903d24-e3c6-47fe-a639-be3d5cc1a7a0">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_4c542ba6-ff77-474a-9c1d-4380a3dcee69">
											<gml:posList srsDimension="3">
														458752.621 4962527.739 147.402 458752.807 4962527.736 147.402
														458753.419 4962528.324 147.755 458756.002 4962530.812 149.247
														458752.677 4962530.838 149.247 458752.231 4962530.842 149.247
														458752.175 4962527.747 147.402 458752.621 4962527.739 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0008">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_d28cd979-9a7b-48be-ba86-1da4df1d9ead">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_4e40f855-6da8-4368-83da-d0a9309bf047">
											<gml:posList srsDimension="3">
														458757.385 4962528.924 149.997 458753.419 4962528.324 147.755
														458752.807 4962527.736 147.402 458752.760 4962525.145 147.402
														458752.749 4962524.549 147.402 458753.367 4962525.145 147.751
														458757.385 4962528.924 149.997
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0009">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_d73669c7-ce76-424a-9868-37cdb6a383c8">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_3b18237d-e486-40db-893f-bcdbca21ffa6">
											<gml:posList srsDimension="3">
														458752.749 4962524.549 147.402 458761.833 4962524.577 147.402
														458761.236 4962525.168 147.752 458753.367 4962525.145 147.751
														458752.749 4962524.549 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0010">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_097d7e5b-3133-4d87-955a-84051354f10e">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_502c0c2a-d2f7-41a2-8c64-86364494ae50">
											<gml:posList srsDimension="3">
														458761.236 4962525.168 147.752 458761.833 4962524.577 147.402
														458761.837 4962525.173 147.402 458761.236 4962525.168 147.752
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0011">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_debf751e-6044-4d04-992e-fdcb7950d6f9">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_3225c56f-018f-4bd9-9532-4e29a3c4c9d1">
											<gml:posList srsDimension="3">
														458761.236 4962525.168 147.752 458761.837 4962525.173 147.402
														458761.233 4962525.171 147.754 458761.236 4962525.168 147.752
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0012">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_0d108105-f374-4d50-830b-0f54d8a3a704">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_8cfebe79-41e2-471b-9a42-224e3658feb0">
											<gml:posList srsDimension="3">
														458753.367 4962525.145 147.751 458761.236 4962525.168 147.752
														458761.233 4962525.171 147.754 458753.367 4962525.145 147.751
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0013">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_af49407d-d587-4f58-bfa3-e00bc49af61b">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_107a85e7-c57f-488d-9156-5aa5afaae7b6">
											<gml:posList srsDimension="3">
														458761.854 4962527.645 147.402 458762.059 4962527.641 147.402
														458762.117 4962530.790 149.247 458761.745 4962530.793 149.247
														458758.680 4962530.815 149.247 458761.254 4962528.252 147.753
														458761.854 4962527.645 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0014">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_370f948a-77c2-45d5-b170-e95f253ad99c">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_27b31395-da4f-4519-9c81-450c3dfbe256">
											<gml:posList srsDimension="3">
														458761.969 4962533.963 147.402 458761.903 4962533.964 147.402
														458761.386 4962533.459 147.698 458758.680 4962530.815 149.247
														458761.745 4962530.793 149.247 458762.117 4962530.790 149.247
														458762.174 4962533.959 147.402 458761.969 4962533.963 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0015">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_1c047f2c-6143-46cb-ba8d-18bde60ec15e">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_a636ce65-3338-4f22-8e20-4cfb303295ef">
											<gml:posList srsDimension="3">
														458757.385 4962528.924 149.997 458757.395 4962531.923 149.997
														458757.389 4962532.647 149.997 458756.834 4962531.912 149.697
														458756.002 4962530.812 149.247 458757.385 4962528.924 149.997
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0016">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_f0efea90-89fb-424b-8a8a-002a1ec53ec5">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_cea4ef3f-fcc7-4609-ad75-3682013230fc">
											<gml:posList srsDimension="3">
														458761.233 4962525.171 147.754 458757.385 4962528.924 149.997
														458753.367 4962525.145 147.751 458761.233 4962525.171 147.754
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_501e1c4c-8e2f-40b9-91dc-373da6ad5ad6">
											<gml:posList srsDimension="3">
														458758.543 4962526.837 148.751 458758.546 4962525.459 147.930
														458759.324 4962525.461 147.930 458759.320 4962526.839 148.751
														458758.543 4962526.837 148.751
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_db8e111d-e5f0-4adf-b4ee-3beee45c6248">
											<gml:posList srsDimension="3">
														458756.071 4962526.747 148.701 458755.360 4962526.745 148.701
														458755.363 4962525.458 147.934 458756.074 4962525.460 147.934
														458756.071 4962526.747 148.701
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0004">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_25939eb7-7aad-4ea5-b1cc-17205871dc8a">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_0fdce08f-5f66-4be3-aca1-bb4f216fc0f7">
													<gml:posList srsDimension="3">
														458758.546 4962525.459 147.930 458759.324 4962525.461 147.930
														458759.320 4962526.839 148.751 458758.543 4962526.837 148.751
														458758.546 4962525.459 147.930
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0005">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_fb1823c1-d5ec-49e5-9b16-87bc44c91227">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_ac73c2f8-ce35-44dd-988e-2a7ead049e87">
													<gml:posList srsDimension="3">
														458755.363 4962525.458 147.934 458756.074 4962525.460 147.934
														458756.071 4962526.747 148.701 458755.360 4962526.745 148.701
														458755.363 4962525.458 147.934
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0017">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_8adfe062-e574-4028-9bf6-e9945daafa74">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_191bbad1-0ca0-4036-9c95-913cf15b5368">
											<gml:posList srsDimension="3">
														458757.385 4962528.924 149.997 458756.002 4962530.812 149.247
														458753.419 4962528.324 147.755 458757.385 4962528.924 149.997
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0018">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_91dbe2ab-7fd7-4ed9-9f8b-da01a76eade7">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_2641108a-acbb-47ea-a41f-7158ef119dd7">
											<gml:posList srsDimension="3">
														458756.002 4962530.812 149.247 458756.834 4962531.912 149.697
														458757.389 4962532.647 149.997 458757.387 4962533.153 149.997
														458753.431 4962536.999 147.756 458753.393 4962533.323 147.753
														458756.002 4962530.812 149.247
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0019">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_0e394188-2400-4595-b7af-970321cbecbd">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_0f291268-8def-4a21-ab0c-a7edcbf527a1">
											<gml:posList srsDimension="3">
														458753.431 4962536.999 147.756 458757.387 4962533.153 149.997
														458761.330 4962536.990 147.765 458761.358 4962537.017 147.749
														458757.000 4962537.007 147.753 458757.002 4962535.455 148.657
														458755.391 4962535.453 148.657 458755.389 4962537.003 147.754
														458753.431 4962536.999 147.756
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:RoofSurface gml:id="CS1_roof_0020">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_9ac9888e-3370-443b-bf19-a80963c914cc">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_016473d0-7df2-4ace-b67f-36c136f85968">
											<gml:posList srsDimension="3">
														458761.969 4962537.615 147.402 458761.358 4962537.017 147.749
														458761.330 4962536.990 147.765 458752.839 4962537.640 147.402
														458761.969 4962537.615 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_9cb44683-c364-4a58-a745-f5b4a1baa35f">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_be253e00-2c83-412e-ae92-ba669490f7f6">
											<gml:posList srsDimension="3">
														458752.839 4962537.640 147.402 458753.418 4962537.013 147.748
														458752.831 4962537.014 147.402 458752.839 4962537.640 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_18f65d92-b092-457d-8856-b6a93b120eb9">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_c1b1b4f1-5aa4-43bb-9ccf-f663bdffbbdc">
											<gml:posList srsDimension="3">
														458761.330 4962536.990 147.765 458753.431 4962536.999 147.756
														458753.418 4962537.013 147.748 458752.839 4962537.640 147.402
														458761.330 4962536.990 147.765
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_dc3e0b1d-baf7-4f1b-b63a-c3cff84fa2e2">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_c12b9b15-69d6-4adc-aec6-d118b5de8830">
											<gml:posList srsDimension="3">
														458752.288 4962533.934 147.402 458752.734 4962533.926 147.402
														458752.677 4962530.838 149.247 458752.231 4962530.842 149.247
														458752.278 4962533.401 147.720 458752.288 4962533.934 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_60a73533-b57c-4d70-baee-c42d77cb19e0">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_67a0c9c1-629b-4457-85e9-dd051e04fbd1">
											<gml:posList srsDimension="3">
														458752.677 4962530.838 149.247 458752.621 4962527.739 147.402
														458752.175 4962527.747 147.402 458752.231 4962530.842 149.247
														458752.677 4962530.838 149.247
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_0340edde-d825-4650-9734-c5df74891402">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_32301280-72d8-4c84-b786-50cddf6dc2f7">
											<gml:posList srsDimension="3">
														458752.760 4962525.145 147.402 458753.367 4962525.145 147.751
														458752.749 4962524.549 147.402 458752.760 4962525.145 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_885e6864-f124-41a2-80b6-1e283f048555">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_b99b7c67-0702-46eb-b42a-b0493e3ce786">
											<gml:posList srsDimension="3">
														458752.749 4962524.549 147.402 458753.367 4962525.145 147.751
														458761.236 4962525.168 147.752 458761.833 4962524.577 147.402
														458752.749 4962524.549 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_2566a693-418d-4cfe-b570-2029a5d8dc5f">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_f2609617-c630-447f-8109-c9015b2891b6">
											<gml:posList srsDimension="3">
														458761.837 4962525.173 147.402 458761.833 4962524.577 147.402
														458761.236 4962525.168 147.752 458761.832 4962525.170 147.405
														458761.854 4962527.645 147.402 458761.837 4962525.173 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_a26db24e-d689-4e85-8d8e-7933c63551a9">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_d7761670-3d91-4839-988c-72bf45d9f0f0">
											<gml:posList srsDimension="3">
														458761.854 4962527.645 147.402 458761.845 4962527.720 147.446
														458761.745 4962530.793 149.247 458762.117 4962530.790 149.247
														458762.059 4962527.641 147.402 458761.854 4962527.645 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_8568b592-06bc-4166-9380-e4ed75208765">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_7f32be7b-7d4a-448b-bc53-088a39b69952">
											<gml:posList srsDimension="3">
														458762.117 4962530.790 149.247 458761.745 4962530.793 149.247
														458761.788 4962533.371 147.747 458761.385 4962533.372 147.748
														458761.386 4962533.459 147.698 458761.903 4962533.964 147.402
														458761.969 4962533.963 147.402 458762.174 4962533.959 147.402
														458762.117 4962530.790 149.247
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_f13ae9cd-0f7e-4a37-8cb7-2cdd733e87bf">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_1b61d364-f3db-49cd-a764-51e624fab2b9">
											<gml:posList srsDimension="3">
														458761.425 4962536.780 147.708 458761.427 4962536.990 147.709
														458761.389 4962536.990 147.731 458761.330 4962536.990 147.765
														458761.358 4962537.017 147.749 458761.969 4962537.615 147.402
														458761.958 4962536.989 147.402 458761.903 4962533.964 147.402
														458761.386 4962533.459 147.698 458761.391 4962533.872 147.696
														458761.424 4962536.678 147.707 458761.425 4962536.780 147.708
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:RoofSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0002">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_f8ae3016-9a42-44f3-a52a-6bf5e3a2d4c8">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_918cfabd-e621-444f-ac8b-ca4bb3583fa9">
											<gml:posList srsDimension="3">
														458753.367 4962525.147 147.751 458752.760 4962525.145 147.402
														458752.760 4962525.145 138.099 458753.367 4962525.147 138.099
														458761.832 4962525.170 138.099 458761.832 4962525.170 147.405
														458761.236 4962525.168 147.752 458753.367 4962525.147 147.751
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_71e743f4-125c-4761-ad30-6417fc50575d">
											<gml:posList srsDimension="3">
														458754.646 4962525.150 145.307 458754.646 4962525.150 144.245
														458756.129 4962525.154 144.245 458756.129 4962525.154 145.307
														458754.646 4962525.150 145.307
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_b96dcab9-609e-48d1-8ba3-21011e7eb3f7">
											<gml:posList srsDimension="3">
														458755.692 4962525.153 141.849 458754.646 4962525.150 141.849
														458754.646 4962525.150 140.737 458755.692 4962525.153 140.737
														458755.692 4962525.153 141.849
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0006">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_e7eddc16-1321-482f-be72-c3bce3706146">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_904514a7-62f9-49c0-9eba-a580dc99c5cb">
													<gml:posList srsDimension="3">
														458754.646 4962525.150 144.245 458756.129 4962525.154 144.245
														458756.129 4962525.154 145.307 458754.646 4962525.150 145.307
														458754.646 4962525.150 144.245
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0007">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_e9d94dc5-69fc-4c9d-9949-936375dd562d">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_9f5d4fc3-2248-4db1-ad72-a7bff6a52caf">
													<gml:posList srsDimension="3">
														458754.646 4962525.150 140.737 458755.692 4962525.153 140.737
														458755.692 4962525.153 141.849 458754.646 4962525.150 141.849
														458754.646 4962525.150 140.737
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0003">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_d20b0e4e-de63-41f1-b519-cde785b047a0">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_146a2971-10c9-4a1a-9207-0b848d16ff47">
											<gml:posList srsDimension="3">
														458761.854 4962527.645 147.402 458761.854 4962527.645 138.099
														458761.845 4962527.720 138.099 458761.845 4962527.720 147.446
														458761.854 4962527.645 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0004">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_686fe8e7-a252-43ef-9235-3a69f318bd0f">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_902f2665-9e59-4772-b720-eefc680e0a09">
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
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0008">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_b447ac98-ee33-4991-8cde-b46c86b21a35">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_a19b83cf-ab04-4380-bc13-d28e2d75380f">
													<gml:posList srsDimension="3">
														458761.758 4962531.562 138.513 458761.758 4962531.562 139.021
														458761.765 4962530.168 139.021 458761.765 4962530.168 138.513
														458761.758 4962531.562 138.513
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0009">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_61d27adb-d83a-441f-8390-4034c3ddd025">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_afb66945-708b-4306-8501-f20e8f689188">
													<gml:posList srsDimension="3">
														458761.758 4962531.562 146.065 458761.758 4962531.562 148.197
														458761.770 4962530.029 148.197 458761.770 4962530.029 146.065
														458761.758 4962531.562 146.065
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0010">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_e1099bc4-9606-43bc-8f70-a5927fb3b576">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_677108be-d7ed-44fb-8604-3864db16c07c">
													<gml:posList srsDimension="3">
														458761.843 4962527.796 144.273 458761.843 4962527.796 146.262
														458761.841 4962526.229 146.262 458761.841 4962526.229 144.273
														458761.843 4962527.796 144.273
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0011">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_e1d2e7ea-90e6-41b3-9a05-6736c693bb94">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_40ed2e9d-deac-4a10-94ee-6f3f514cf1bd">
													<gml:posList srsDimension="3">
														458761.843 4962527.796 140.853 458761.843 4962527.796 142.847
														458761.841 4962526.229 142.847 458761.841 4962526.229 140.853
														458761.843 4962527.796 140.853
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0012">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_1d1ee6b5-b103-4dbb-8aae-9a89e6b97c22">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_04ddef1d-52f9-4fe1-93f5-ee9f94dd0206">
													<gml:posList srsDimension="3">
														458761.758 4962531.562 140.046 458761.758 4962531.562 142.055
														458761.770 4962530.029 142.055 458761.770 4962530.029 140.046
														458761.758 4962531.562 140.046
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0013">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_31979b55-9a2c-47a8-bc05-c3f4caa458ec">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_afa986ed-4431-489e-a1ec-ab2fd3c99029">
													<gml:posList srsDimension="3">
														458761.758 4962531.562 143.488 458761.758 4962531.562 145.483
														458761.770 4962530.029 145.483 458761.770 4962530.029 143.488
														458761.758 4962531.562 143.488
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0005">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_f7f9a86d-2ac0-40a6-9bbb-b878cf66fdc8">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_1dd176f9-8a8d-4c5f-858d-3ed0d39680ff">
											<gml:posList srsDimension="3">
														458761.425 4962536.780 147.708 458761.424 4962536.678 147.707
														458761.391 4962533.872 147.696 458761.387 4962533.459 147.698
														458761.386 4962533.372 147.748 458761.385 4962533.372 138.099
														458761.425 4962536.780 138.099 458761.427 4962536.990 138.099
														458761.428 4962536.990 147.709 458761.425 4962536.780 147.708
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_06947f39-6e66-4d34-9ac3-21bf5434f9bc">
											<gml:posList srsDimension="3">
														458761.392 4962533.888 140.260 458761.410 4962535.470 140.260
														458761.410 4962535.470 142.236 458761.392 4962533.888 142.236
														458761.392 4962533.888 140.260
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_daf6a701-d6b5-4480-8b33-6c5f654c2e9b">
											<gml:posList srsDimension="3">
														458761.392 4962533.888 145.652 458761.392 4962533.888 143.663
														458761.410 4962535.470 143.663 458761.410 4962535.470 145.652
														458761.392 4962533.888 145.652
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0014">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_b78a933e-9f67-406b-82c9-04888a43d298">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_a9a60ece-ffa4-4b2d-9b46-00609162f926">
													<gml:posList srsDimension="3">
														458761.410 4962535.470 140.260 458761.410 4962535.470 142.236
														458761.392 4962533.888 142.236 458761.392 4962533.888 140.260
														458761.410 4962535.470 140.260
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0015">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_57bab604-73fb-4d84-a46a-c577599ce6c8">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_a7365f75-4dba-4759-a764-973eafc3ff9d">
													<gml:posList srsDimension="3">
														458761.410 4962535.470 143.663 458761.410 4962535.470 145.652
														458761.392 4962533.888 145.652 458761.392 4962533.888 143.663
														458761.410 4962535.470 143.663
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0006">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_ebd078dd-1049-4a5d-bfa0-64681a22646a">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_6f49c518-0b7b-4386-8fb6-02f5681a8971">
											<gml:posList srsDimension="3">
														458752.621 4962527.739 147.402 458752.678 4962530.838 149.247
														458752.734 4962533.926 147.402 458752.734 4962533.926 141.129
														458752.724 4962533.394 141.090 458752.724 4962533.394 138.099
														458752.621 4962527.739 138.099 458752.621 4962527.739 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_5f05fc46-2dc4-455d-802a-53799437cd8a">
											<gml:posList srsDimension="3">
														458752.645 4962529.038 140.618 458752.645 4962529.038 141.535
														458752.662 4962529.960 141.535 458752.662 4962529.960 140.618
														458752.645 4962529.038 140.618
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_6b45c547-4ec6-43f4-a957-2452415aea23">
											<gml:posList srsDimension="3">
														458752.645 4962529.038 144.425 458752.662 4962529.960 144.425
														458752.662 4962529.960 143.085 458752.645 4962529.038 143.085
														458752.645 4962529.038 144.425
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_6a8cba80-a139-4e4f-9e3a-ae476225a999">
											<gml:posList srsDimension="3">
														458752.681 4962531.019 147.828 458752.706 4962532.380 147.828
														458752.706 4962532.380 146.625 458752.681 4962531.019 146.625
														458752.681 4962531.019 147.828
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0016">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_4291106f-315e-4440-b213-07211553b784">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_c4fa9a9e-3119-4085-adcc-fa8983f33c19">
													<gml:posList srsDimension="3">
														458752.662 4962529.960 143.085 458752.645 4962529.038 143.085
														458752.645 4962529.038 144.425 458752.662 4962529.960 144.425
														458752.662 4962529.960 143.085
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0017">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_ea085ff8-1235-49c3-ad18-8e7c170a0dd2">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_3aa6a633-4553-4e06-baed-4cf5d2e30533">
													<gml:posList srsDimension="3">
														458752.662 4962529.960 140.618 458752.645 4962529.038 140.618
														458752.645 4962529.038 141.535 458752.662 4962529.960 141.535
														458752.662 4962529.960 140.618
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0018">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_8997358c-841f-41af-99d7-79d7a4315936">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_9b6e31cc-9575-4d96-ae90-973118259061">
													<gml:posList srsDimension="3">
														458752.706 4962532.380 146.625 458752.681 4962531.019 146.625
														458752.681 4962531.019 147.828 458752.706 4962532.380 147.828
														458752.706 4962532.380 146.625
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0007">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_6ceb7fa6-6eea-43fc-8dc3-796df7bb7967">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_d447c32e-56ba-4fc8-a78d-6ca493a97190">
											<gml:posList srsDimension="3">
														458752.807 4962527.736 138.099 458752.807 4962527.736 147.402
														458752.621 4962527.739 147.402 458752.621 4962527.739 138.099
														458752.807 4962527.736 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0008">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_1b6afce8-e557-4cf3-99a2-b878d1e5d58b">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_8fb82a33-d9c8-407c-83cd-0c646b89e957">
											<gml:posList srsDimension="3">
														458752.792 4962533.925 147.402 458752.792 4962533.925 141.134
														458752.734 4962533.926 141.129 458752.734 4962533.926 147.402
														458752.792 4962533.925 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0009">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_ef3f67e5-ded8-4e07-83a4-d157116a07aa">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_781c6005-f1df-4956-a02e-4d662b0a988f">
											<gml:posList srsDimension="3">
														458752.760 4962525.145 138.099 458752.760 4962525.145 147.402
														458752.807 4962527.736 147.402 458752.807 4962527.736 138.099
														458752.760 4962525.145 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0010">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_4afdaa86-c423-41d8-a5bf-b242a333c9b0">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_a75ec105-e0ca-455b-9213-e9663a58358d">
											<gml:posList srsDimension="3">
														458752.831 4962537.014 147.402 458752.831 4962537.014 138.099
														458752.831 4962537.007 138.099 458752.831 4962537.007 141.402
														458752.806 4962535.049 141.215 458752.792 4962533.925 141.134
														458752.792 4962533.925 147.402 458752.831 4962537.014 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0011">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_de6d90a3-68c8-466b-bed3-e41899f05368">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_129e1094-6427-40f3-b1e6-997d828dd892">
											<gml:posList srsDimension="3">
														458752.831 4962537.014 138.099 458752.831 4962537.014 147.402
														458753.418 4962537.013 147.748 458753.418 4962537.013 138.099
														458752.831 4962537.014 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0012">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_0fb22f6a-3289-4b7e-9a11-231b19ba562f">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_9fdbb3ab-7717-4b5a-81a8-dbe96de329bc">
											<gml:posList srsDimension="3">
														458753.418 4962537.013 147.748 458753.431 4962536.999 147.756
														458753.431 4962536.999 141.402 458753.431 4962536.999 138.099
														458753.418 4962537.013 138.099 458753.418 4962537.013 147.748
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0013">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_148c74bf-dc3b-4e43-9164-058db4ff5e2f">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_81548325-0810-4d76-af82-d0bdd4044bd6">
											<gml:posList srsDimension="3">
														458761.427 4962536.990 147.709 458761.427 4962536.990 138.099
														458753.431 4962536.999 138.099 458753.431 4962536.999 141.402
														458753.431 4962536.999 147.756 458761.330 4962536.990 147.765
														458761.389 4962536.990 147.731 458761.427 4962536.990 147.709
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_d8e563eb-af30-4132-bc87-838a318cc628">
											<gml:posList srsDimension="3">
														458754.931 4962536.997 140.230 458754.931 4962536.997 142.257
														458756.457 4962536.996 142.257 458756.457 4962536.996 140.230
														458754.931 4962536.997 140.230
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_ec09a0fc-dd6a-4e9b-a340-ef33fb97e852">
											<gml:posList srsDimension="3">
														458760.224 4962536.991 143.683 458758.651 4962536.993 143.683
														458758.651 4962536.993 145.723 458760.224 4962536.991 145.723
														458760.224 4962536.991 143.683
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_62a052cc-fc43-4a8e-bf47-75da21cb3caa">
											<gml:posList srsDimension="3">
														458754.931 4962536.997 138.454 458754.931 4962536.997 139.199
														458756.161 4962536.996 139.199 458756.161 4962536.996 138.454
														458754.931 4962536.997 138.454
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_cdf8aee4-05b1-4f78-93b2-9b40d49274eb">
											<gml:posList srsDimension="3">
														458753.543 4962536.999 142.257 458754.885 4962536.997 142.257
														458754.885 4962536.997 140.505 458753.543 4962536.999 140.505
														458753.543 4962536.999 142.257
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_aaeb744d-94a2-4a7a-b114-9331e8c0cb73">
											<gml:posList srsDimension="3">
														458758.799 4962536.993 142.257 458760.372 4962536.991 142.257
														458760.372 4962536.991 140.230 458758.799 4962536.993 140.230
														458758.799 4962536.993 142.257
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_47ee3efa-4bd4-487d-b9d6-85a84991690a">
											<gml:posList srsDimension="3">
														458756.457 4962536.996 143.683 458754.931 4962536.997 143.683
														458754.931 4962536.997 145.723 458756.457 4962536.996 145.723
														458756.457 4962536.996 143.683
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
									<gml:interior>
										<gml:LinearRing gml:id="UUID_6bf80cac-d1de-4b9f-9699-28a14baa954b">
											<gml:posList srsDimension="3">
														458754.885 4962536.997 145.511 458754.885 4962536.997 143.759
														458753.543 4962536.999 143.759 458753.543 4962536.999 145.511
														458754.885 4962536.997 145.511
													</gml:posList>
										</gml:LinearRing>
									</gml:interior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0019">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_e25d78f7-b01f-478a-a402-046b57c7e812">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_c073d558-45a3-4d14-b4ed-4f07f6cbfb02">
													<gml:posList srsDimension="3">
														458754.885 4962536.997 140.505 458753.543 4962536.999 140.505
														458753.543 4962536.999 142.257 458754.885 4962536.997 142.257
														458754.885 4962536.997 140.505
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0020">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_b6cdf16c-d750-4363-8b41-9bd464fa7fd7">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_1ae7b6bb-34f0-4806-a330-2633fe769826">
													<gml:posList srsDimension="3">
														458756.161 4962536.996 138.454 458754.931 4962536.997 138.454
														458754.931 4962536.997 139.199 458756.161 4962536.996 139.199
														458756.161 4962536.996 138.454
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0021">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_7b84fdcf-8c81-444f-bde3-8ac84ef6be6c">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_5f41e6ea-c5b9-41f7-b922-da956da98e6f">
													<gml:posList srsDimension="3">
														458760.372 4962536.991 140.230 458758.799 4962536.993 140.230
														458758.799 4962536.993 142.257 458760.372 4962536.991 142.257
														458760.372 4962536.991 140.230
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0022">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_31cb6c1d-6d40-4f97-99f6-65cf7b78d1ad">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_9e689d33-85ab-418a-9a26-dfd312e6739e">
													<gml:posList srsDimension="3">
														458758.651 4962536.993 143.683 458758.651 4962536.993 145.723
														458760.224 4962536.991 145.723 458760.224 4962536.991 143.683
														458758.651 4962536.993 143.683
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0023">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_351107f1-fece-427a-8a6e-15e0641bcad6">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_acc3b12e-2d36-497d-b092-d3db654fdd1c">
													<gml:posList srsDimension="3">
														458756.457 4962536.996 143.683 458754.931 4962536.997 143.683
														458754.931 4962536.997 145.723 458756.457 4962536.996 145.723
														458756.457 4962536.996 143.683
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0024">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_17a61b8e-b566-4d67-be45-b4daa178d20f">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_c0f5aa1c-b704-4539-8bc2-fe4892191356">
													<gml:posList srsDimension="3">
														458756.457 4962536.996 140.230 458754.931 4962536.997 140.230
														458754.931 4962536.997 142.257 458756.457 4962536.996 142.257
														458756.457 4962536.996 140.230
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
					<bldg:opening>
						<bldg:Window gml:id="CS1_window_0025">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_08836a44-c24e-4ccc-bf2a-9a46128eeefa">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_5a2a66fc-8f72-43f4-b779-bcfb3c7023ea">
													<gml:posList srsDimension="3">
														458753.543 4962536.999 143.759 458753.543 4962536.999 145.511
														458754.885 4962536.997 145.511 458754.885 4962536.997 143.759
														458753.543 4962536.999 143.759
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:Window>
					</bldg:opening>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0014">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_09310450-f95c-4cd4-836b-737d096df632">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_712ed43b-1f69-4e20-9044-3b9f81655c70">
											<gml:posList srsDimension="3">
														458761.385 4962533.372 138.099 458761.385 4962533.372 147.748
														458761.788 4962533.371 147.747 458761.788 4962533.371 138.099
														458761.385 4962533.372 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:WallSurface>
			</bldg:boundedBy>
			<bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0015">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_be3d6325-fc04-4b2f-9c63-7e260eb30c8c">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_87bdd2bb-5946-4eb8-a570-e614f5c1d8d4">
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
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:WallSurface>
			</bldg:boundedBy><bldg:boundedBy>
				<bldg:WallSurface gml:id="CS1_wall_0016">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_7fdf2881-2eac-4000-a480-1a4189b13332">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_f32b182f-fc18-41a2-a278-34add9ec112f">
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
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:WallSurface>
			</bldg:boundedBy><bldg:boundedBy>
				<bldg:GroundSurface gml:id="CS1_ground_0001">
					<bldg:lod3MultiSurface>
						<gml:MultiSurface>
							<gml:surfaceMember>
								<gml:Polygon gml:id="UUID_6362ad42-366e-4d76-8412-055c9a3a7062">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_b59f7e79-fe8f-4c4c-9046-4a9932a8231f">
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
								</gml:Polygon>
							</gml:surfaceMember>
						</gml:MultiSurface>
					</bldg:lod3MultiSurface>
				</bldg:GroundSurface>
			</bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_eb02add5-fcec-5706-80e5-6694611b81a8"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_5ca865f5-43e4-5870-b95d-2d5bc5442872"><gml:exterior><gml:LinearRing gml:id="UUID_ffa585fb-435e-5814-b0a6-1032b682e3e5"><gml:posList srsDimension="3">458755.391 4962535.445 148.643 458755.389 4962537.039 147.739 458755.389 4962537.005 147.758 458753.431 4962537.001 147.760 458753.418 4962537.015 147.751 458752.839 4962537.638 147.398 458761.358 4962537.020 147.753 458757.000 4962537.009 147.756 458757.000 4962537.040 147.739 458757.002 4962535.447 148.642 458755.391 4962535.445 148.643</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_de44ffc6-676a-5e6e-bdb1-0ef307d611b7"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_dea8d279-c9d4-53ee-8896-7585f140b3c8"><gml:exterior><gml:LinearRing gml:id="UUID_e0f24167-7e20-5e64-917c-546cf2ab4b0c"><gml:posList srsDimension="3">458761.233 4962525.171 147.754 458757.385 4962528.924 149.997 458753.367 4962525.145 147.751 458761.233 4962525.171 147.754</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_2f7d2a38-eb92-50f1-b45a-a94dbcb86915"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_9d4032e0-0437-5435-a12b-ae65f93a626a"><gml:exterior><gml:LinearRing gml:id="UUID_730fd26c-f002-57a4-8e64-1d8932fbf6d2"><gml:posList srsDimension="3">458761.330 4962536.990 147.765 458761.357 4962537.017 147.749 458761.967 4962537.615 147.399 458761.958 4962536.989 147.401 458761.910 4962533.964 147.415 458761.394 4962533.459 147.711 458758.690 4962530.815 149.263 458761.260 4962528.252 147.764 458761.861 4962527.645 147.414 458761.843 4962525.173 147.413 458761.238 4962525.171 147.763 458757.390 4962528.924 150.006 458757.404 4962531.923 150.012 458757.401 4962532.647 150.017 458757.400 4962533.153 150.020 458761.330 4962536.990 147.765</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_91cef9fa-0669-51b4-97f2-7fb38fedfdfe"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_9c2416da-4b48-5426-bc7e-83331792e0dc">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_7dfbf1f7-a4ab-5b8a-a461-9a822551b554">
											<gml:posList srsDimension="3">
														458761.358 4962537.017 147.749 458761.969 4962537.615 147.402
														458752.839 4962537.640 147.402 458761.358 4962537.017 147.749
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_d5b1cf2c-d9b9-58e6-b7c1-f39191e9350f"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_5fcc6c11-e274-5b57-a42e-784c9be9b398">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_182e58cc-afdb-5357-9ab8-d69365d07a97"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_f5328ecc-c598-5191-aa34-334b958bc934">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_785f7647-8a17-5eed-8cc3-b41d58bfc110"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_089c024d-a73e-56e6-abfd-784a0bb498a5">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_12d67e18-9346-5280-95bf-986577ca3481"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_73f709c0-6117-5ee6-a2c9-c40f8f11709a">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_82bcfcf4-73d7-5156-86a8-b8a581366cd2"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_82da8112-72ab-506a-90ef-dc8298145285">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_9c6a5c51-1a4d-5b69-b061-610c70253969">
											<gml:posList srsDimension="3">
														458752.749 4962524.549 147.402 458761.833 4962524.577 147.402
														458761.236 4962525.168 147.752 458753.367 4962525.145 147.751
														458752.749 4962524.549 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_7293bb1f-ffec-5318-960e-358a9b29d142"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_035ea7fc-3116-5328-a6a0-704a8207f7cb">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_91caf5df-bf9c-53be-a7f9-ebe9c96f2993">
											<gml:posList srsDimension="3">
														458761.236 4962525.168 147.752 458761.833 4962524.577 147.402
														458761.837 4962525.173 147.402 458761.236 4962525.168 147.752
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_577d933a-6d2d-59e1-be3a-8bc1f51e330e"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_0bc60956-df32-5177-b662-a5f9f5e7adf9">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_b9033499-3e82-5730-8c90-a030a2f86520">
											<gml:posList srsDimension="3">
														458761.236 4962525.168 147.752 458761.837 4962525.173 147.402
														458761.233 4962525.171 147.754 458761.236 4962525.168 147.752
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_7204afbe-fefa-5cfc-80e3-ff887c25814b"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_42129454-a44e-528b-b321-5eaa5a71bf9f">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_53cfc31d-9e9a-592d-9bd4-f17af24c5eba">
											<gml:posList srsDimension="3">
														458753.367 4962525.145 147.751 458761.236 4962525.168 147.752
														458761.233 4962525.171 147.754 458753.367 4962525.145 147.751
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_a98a0d63-af9a-5184-a5fc-88adfee4c28b"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_718623aa-eda6-563b-95c2-3515ce93e674">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_598eef50-ed2e-5427-8085-28164ad4ab76"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_6312c1ec-aed0-53dc-8b0c-713653edfb0b">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_ffb7e92a-0f1d-5728-97dc-67c6650c3f00"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_eb3964c0-3669-50d3-a815-ada19ec75c8a">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_bab0ebc7-3280-57ad-bdf2-f55026f7d627">
											<gml:posList srsDimension="3">
														458757.385 4962528.924 149.997 458757.395 4962531.923 149.997
														458757.389 4962532.647 149.997 458756.834 4962531.912 149.697
														458756.002 4962530.812 149.247 458757.385 4962528.924 149.997
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_d311d6ef-4344-55de-bf6f-a9cf8104a630"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_48a9ecd4-5498-5d2f-a49f-7e79b5f930ec">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_dddced53-f92c-577f-81ef-76a20d45fc4a">
											<gml:posList srsDimension="3">
														458757.385 4962528.924 149.997 458756.002 4962530.812 149.247
														458753.419 4962528.324 147.755 458757.385 4962528.924 149.997
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_8874c1ab-bf30-5d0f-a70b-762955330fa2"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_989e51b6-ab43-5744-a07a-b7775a9f3408">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_9698d0b6-c8e1-59df-897a-819da117a08a"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_14c45c1e-a9e0-5b57-a058-be005f71a880">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_5189c3fe-88e7-568b-a6ac-9287a59857d4"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_b1938329-f725-5121-84fe-4c0aa7921883"><gml:exterior><gml:LinearRing gml:id="UUID_3753200a-bc51-5483-a8fb-855c9caaa0e3"><gml:posList srsDimension="3">458761.969 4962537.617 147.406 458761.358 4962537.016 147.747 458761.330 4962536.989 147.762 458753.431 4962537.001 147.760 458753.418 4962537.015 147.752 458752.839 4962537.639 147.399 458761.969 4962537.617 147.406</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_b466a72b-76c0-58ab-b207-50f9e9ea2e09"><gml:exterior><gml:LinearRing gml:id="UUID_b0ed2c3a-3e50-5d3f-9065-b5f157a32f92"><gml:posList srsDimension="3">458752.854 4962537.639 147.377 458753.434 4962537.012 147.720 458752.845 4962537.013 147.378 458752.854 4962537.639 147.377</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_74dca573-a22a-5f24-9111-0f2b4d8e1902"><gml:exterior><gml:LinearRing gml:id="UUID_6558053c-4edb-5551-b21c-6d32c3c74b43"><gml:posList srsDimension="3">458752.745 4962525.145 147.427 458753.351 4962525.145 147.779 458752.735 4962524.549 147.426 458752.745 4962525.145 147.427</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_02c4b683-3041-5734-a623-12397e281882"><gml:exterior><gml:LinearRing gml:id="UUID_534f08cd-e774-54fc-8a8d-3f75055f5ac0"><gml:posList srsDimension="3">458752.288 4962533.956 147.440 458752.734 4962533.949 147.441 458752.677 4962530.850 149.268 458752.231 4962530.855 149.269 458752.278 4962533.421 147.756 458752.288 4962533.956 147.440</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_9a627228-ae34-5ca8-94b6-ce914e13f6ce"><gml:exterior><gml:LinearRing gml:id="UUID_70640002-0ae9-5a8a-913c-3f3a420d7692"><gml:posList srsDimension="3">458761.745 4962530.789 149.240 458762.117 4962530.786 149.239 458762.174 4962533.945 147.377 458761.969 4962533.948 147.376 458761.903 4962533.949 147.376 458761.386 4962533.446 147.676 458761.385 4962533.359 147.727 458761.788 4962533.358 147.725 458761.745 4962530.789 149.240</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_74cadde6-f6b1-5e7d-9acf-dd352c254455"><gml:exterior><gml:LinearRing gml:id="UUID_bf211c32-7c7e-57c2-8eb8-0b39152a0cc7"><gml:posList srsDimension="3">458752.677 4962530.847 149.232 458752.621 4962527.743 147.395 458752.175 4962527.750 147.396 458752.231 4962530.852 149.232 458752.677 4962530.847 149.232</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_b3bc8aa8-3b5d-503f-9179-27e564b81808"><gml:exterior><gml:LinearRing gml:id="UUID_8ab08031-5866-52f8-af45-c06bd62a3dc4"><gml:posList srsDimension="3">458761.845 4962527.718 147.450 458761.854 4962527.643 147.406 458762.059 4962527.639 147.405 458762.117 4962530.780 149.264 458761.745 4962530.783 149.263 458761.845 4962527.718 147.450</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_ce8eab25-58f9-572a-9994-2de0448e52b9">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_5c8718d8-04c2-5621-9f03-c131d246bbca">
											<gml:posList srsDimension="3">
														458752.749 4962524.549 147.402 458753.367 4962525.145 147.751
														458761.236 4962525.168 147.752 458761.833 4962524.577 147.402
														458752.749 4962524.549 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_6c112771-b996-54cb-8d58-6e963183c22b"><gml:exterior><gml:LinearRing gml:id="UUID_f28a220a-bf2e-5af0-9f04-5fb120be6954"><gml:posList srsDimension="3">458761.824 4962525.173 147.379 458761.819 4962524.577 147.376 458761.221 4962525.169 147.727 458761.819 4962525.170 147.382 458761.846 4962527.645 147.390 458761.824 4962525.173 147.379</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_7bac80fe-3178-5a81-8250-92c0d1436aa9"><gml:exterior><gml:LinearRing gml:id="UUID_1db44e79-04cb-5516-9073-2175ed5a8fd6"><gml:posList srsDimension="3">458761.432 4962536.990 147.718 458761.431 4962536.780 147.717 458761.430 4962536.678 147.717 458761.398 4962533.872 147.708 458761.392 4962533.459 147.708 458761.910 4962533.964 147.414 458761.963 4962536.989 147.412 458761.975 4962537.615 147.411 458761.363 4962537.017 147.758 458761.335 4962536.990 147.774 458761.394 4962536.990 147.740 458761.432 4962536.990 147.718</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_3012eac1-6ad0-5dc4-84b2-34782484ff7e"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_1a121ff6-20bf-5afd-b6fb-0a09b312af61"><gml:exterior><gml:LinearRing gml:id="UUID_243f5f40-624c-53ef-b14f-a3d25e502abf"><gml:posList srsDimension="3">458761.427 4962536.990 147.709 458761.427 4962536.990 138.099 458753.431 4962536.999 138.099 458753.431 4962536.999 141.402 458753.431 4962536.999 147.756 458761.330 4962536.990 147.765 458761.389 4962536.990 147.731 458761.427 4962536.990 147.709</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_c3a7882d-55fd-5ccd-a164-b7c5f28b042c"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_84e3b995-0661-586b-a812-c7eb0ec6d54f"><gml:exterior><gml:LinearRing gml:id="UUID_4ab9dbca-c594-595e-a227-6ccb926e9b2e"><gml:posList srsDimension="3">458761.424 4962536.678 147.707 458761.425 4962536.780 147.708 458761.428 4962536.990 147.709 458761.427 4962536.990 138.099 458761.425 4962536.780 138.099 458761.386 4962533.372 138.099 458761.386 4962533.372 147.748 458761.387 4962533.459 147.698 458761.392 4962533.872 147.696 458761.424 4962536.678 147.707</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_ce0719bd-e843-56ca-ab21-a00be343974c"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_57bf1a76-8152-5149-9715-b7f3fbe8a45c">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_55748621-6483-538a-926c-fc4d3eefdb71"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_2b7e91e9-6bb9-56df-9e0f-2b72abe2a77b"><gml:exterior><gml:LinearRing gml:id="UUID_5dab7640-6fa6-534c-8109-472b8e2b967a"><gml:posList srsDimension="3">458752.760 4962525.145 147.402 458753.367 4962525.146 147.751 458761.236 4962525.168 147.752 458761.832 4962525.170 147.405 458761.832 4962525.170 138.099 458753.367 4962525.147 138.099 458752.760 4962525.145 138.099 458752.760 4962525.145 147.402</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_25af07fd-9034-521f-a32f-f54b48706a12"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_cfd8d0dc-b3af-5074-bcf6-c68f7456849f"><gml:exterior><gml:LinearRing gml:id="UUID_f2a89ecf-a4c8-5da1-af15-afdf88e005d5"><gml:posList srsDimension="3">458752.678 4962530.838 149.247 458752.621 4962527.739 147.402 458752.621 4962527.739 138.099 458752.724 4962533.394 138.099 458752.724 4962533.394 141.090 458752.734 4962533.926 141.129 458752.734 4962533.926 147.402 458752.678 4962530.838 149.247</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_236d419e-ea55-5a64-b1d5-5015e15cdb60"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_9e1cd10a-340f-5cd9-89a2-a5988d475a37">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_c58b48f9-fd69-5566-89da-a62193792f48">
											<gml:posList srsDimension="3">
														458761.854 4962527.645 147.402 458761.854 4962527.645 138.099
														458761.845 4962527.720 138.099 458761.845 4962527.720 147.446
														458761.854 4962527.645 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_51d9fb10-fed0-5a9f-bcd3-0a5122285a42"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_58e20b29-9498-5a8f-888b-a3202fe0afa7">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_c13c1cf1-38a1-5bbb-a363-9157851cb6b1">
											<gml:posList srsDimension="3">
														458752.807 4962527.736 138.099 458752.807 4962527.736 147.402
														458752.621 4962527.739 147.402 458752.621 4962527.739 138.099
														458752.807 4962527.736 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_b80cce05-1f0a-5c28-b24a-737ffdf6cac8"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_22989ffe-a9c8-5347-8b91-574597432ac8">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_98b6372a-291e-5002-8917-95d03a52e4e4">
											<gml:posList srsDimension="3">
														458752.792 4962533.925 147.402 458752.792 4962533.925 141.134
														458752.734 4962533.926 141.129 458752.734 4962533.926 147.402
														458752.792 4962533.925 147.402
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_785a680c-ba3b-5acb-b462-f5b1968114b8"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_1383597c-0fcb-54a1-b53c-f8b2f4e3188d">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_79b162b7-aaee-5f4f-a648-77bda5bcd352">
											<gml:posList srsDimension="3">
														458752.760 4962525.145 138.099 458752.760 4962525.145 147.402
														458752.807 4962527.736 147.402 458752.807 4962527.736 138.099
														458752.760 4962525.145 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_60f2a6c5-c6d9-5e9d-85fe-24c205872447"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_576c7c98-de3d-5c20-89b2-422f4615f034">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_fa1c412e-dc4d-5a97-9058-0e8084528eab"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_12a95bc0-e321-542c-a88d-9648c652574d">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_fa6e9a8e-a202-5ed5-84a8-88be3c32d06b">
											<gml:posList srsDimension="3">
														458752.831 4962537.014 138.099 458752.831 4962537.014 147.402
														458753.418 4962537.013 147.748 458753.418 4962537.013 138.099
														458752.831 4962537.014 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_b9261330-c51d-58ec-9fa6-e09b5660fc0b"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_c4f0c86f-f09c-5534-9d21-6965c85cd026">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_429b8b70-4e86-54af-8989-46ac19c1022f">
											<gml:posList srsDimension="3">
														458753.418 4962537.013 147.748 458753.431 4962536.999 147.756
														458753.431 4962536.999 141.402 458753.431 4962536.999 138.099
														458753.418 4962537.013 138.099 458753.418 4962537.013 147.748
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_b8e40ae8-b509-5a05-8c43-0327773d144b"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_2348daea-b94e-5dc4-bfe7-49792672db85">
									<gml:exterior>
										<gml:LinearRing gml:id="UUID_8cb2bc13-cf24-5885-8c3a-bfd43d0b6834">
											<gml:posList srsDimension="3">
														458761.385 4962533.372 138.099 458761.385 4962533.372 147.748
														458761.788 4962533.371 147.747 458761.788 4962533.371 138.099
														458761.385 4962533.372 138.099
													</gml:posList>
										</gml:LinearRing>
									</gml:exterior>
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_86e75c85-dc78-51be-a232-f0452e86f939"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_bb9c3d9c-d82e-5bfe-8089-09579c86a210">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_57cfc48d-665e-584a-a4a4-24ef4a09b1d7"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_9f8aaec0-c78c-5d81-8357-9cdb3997af8c">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:GroundSurface gml:id="UUID_b0fea6ff-4956-5002-8223-776400f6734a"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_af9b635c-d21b-5e7c-8b36-b5e4734ab58b">
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
								</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:GroundSurface></bldg:boundedBy><bldg:lod3Solid>
				<gml:Solid>
					<gml:exterior>
						<gml:CompositeSurface>
							<gml:surfaceMember xlink:href="#UUID_3f349349-99d9-47a8-b83b-0b832dc427d5"/>
							<gml:surfaceMember xlink:href="#UUID_fb1823c1-d5ec-49e5-9b16-87bc44c91227"/>
							<gml:surfaceMember xlink:href="#UUID_25939eb7-7aad-4ea5-b1cc-17205871dc8a"/>
							<gml:surfaceMember xlink:href="#UUID_47358555-5947-4858-a650-e977bf9fbcf8"/>
							<gml:surfaceMember xlink:href="#UUID_dbd9ae8f-60fe-4c73-8075-b22879cf1a8c"/>
							<gml:surfaceMember xlink:href="#UUID_c984ac8f-c167-4b55-9d9f-e129e7b23f31"/>
							<gml:surfaceMember xlink:href="#UUID_e1487983-893b-4962-b640-f95b96d57054"/>
							<gml:surfaceMember xlink:href="#UUID_fa77e09b-59d1-4ec6-ba22-767a9c3fe63a"/>
							<gml:surfaceMember xlink:href="#UUID_66e8f52c-b985-457f-b942-a7ba06b34d32"/>
							<gml:surfaceMember xlink:href="#UUID_73f262cc-cdf9-44c2-b6f2-b5d5bcc80e09"/>
							<gml:surfaceMember xlink:href="#UUID_f3903d24-e3c6-47fe-a639-be3d5cc1a7a0"/>
							<gml:surfaceMember xlink:href="#UUID_d28cd979-9a7b-48be-ba86-1da4df1d9ead"/>
							<gml:surfaceMember xlink:href="#UUID_d73669c7-ce76-424a-9868-37cdb6a383c8"/>
							<gml:surfaceMember xlink:href="#UUID_097d7e5b-3133-4d87-955a-84051354f10e"/>
							<gml:surfaceMember xlink:href="#UUID_debf751e-6044-4d04-992e-fdcb7950d6f9"/>
							<gml:surfaceMember xlink:href="#UUID_0d108105-f374-4d50-830b-0f54d8a3a704"/>
							<gml:surfaceMember xlink:href="#UUID_af49407d-d587-4f58-bfa3-e00bc49af61b"/>
							<gml:surfaceMember xlink:href="#UUID_370f948a-77c2-45d5-b170-e95f253ad99c"/>
							<gml:surfaceMember xlink:href="#UUID_1c047f2c-6143-46cb-ba8d-18bde60ec15e"/>
							<gml:surfaceMember xlink:href="#UUID_f0efea90-89fb-424b-8a8a-002a1ec53ec5"/>
							<gml:surfaceMember xlink:href="#UUID_8adfe062-e574-4028-9bf6-e9945daafa74"/>
							<gml:surfaceMember xlink:href="#UUID_91dbe2ab-7fd7-4ed9-9f8b-da01a76eade7"/>
							<gml:surfaceMember xlink:href="#UUID_0e394188-2400-4595-b7af-970321cbecbd"/>
							<gml:surfaceMember xlink:href="#UUID_9ac9888e-3370-443b-bf19-a80963c914cc"/>
							<gml:surfaceMember xlink:href="#UUID_9cb44683-c364-4a58-a745-f5b4a1baa35f"/>
							<gml:surfaceMember xlink:href="#UUID_18f65d92-b092-457d-8856-b6a93b120eb9"/>
							<gml:surfaceMember xlink:href="#UUID_dc3e0b1d-baf7-4f1b-b63a-c3cff84fa2e2"/>
							<gml:surfaceMember xlink:href="#UUID_60a73533-b57c-4d70-baee-c42d77cb19e0"/>
							<gml:surfaceMember xlink:href="#UUID_0340edde-d825-4650-9734-c5df74891402"/>
							<gml:surfaceMember xlink:href="#UUID_885e6864-f124-41a2-80b6-1e283f048555"/>
							<gml:surfaceMember xlink:href="#UUID_2566a693-418d-4cfe-b570-2029a5d8dc5f"/>
							<gml:surfaceMember xlink:href="#UUID_a26db24e-d689-4e85-8d8e-7933c63551a9"/>
							<gml:surfaceMember xlink:href="#UUID_8568b592-06bc-4166-9380-e4ed75208765"/>
							<gml:surfaceMember xlink:href="#UUID_f13ae9cd-0f7e-4a37-8cb7-2cdd733e87bf"/>
							<gml:surfaceMember xlink:href="#UUID_08836a44-c24e-4ccc-bf2a-9a46128eeefa"/>
							<gml:surfaceMember xlink:href="#UUID_57bab604-73fb-4d84-a46a-c577599ce6c8"/>
							<gml:surfaceMember xlink:href="#UUID_b78a933e-9f67-406b-82c9-04888a43d298"/>
							<gml:surfaceMember xlink:href="#UUID_31979b55-9a2c-47a8-bc05-c3f4caa458ec"/>
							<gml:surfaceMember xlink:href="#UUID_1d1ee6b5-b103-4dbb-8aae-9a89e6b97c22"/>
							<gml:surfaceMember xlink:href="#UUID_e1d2e7ea-90e6-41b3-9a05-6736c693bb94"/>
							<gml:surfaceMember xlink:href="#UUID_e1099bc4-9606-43bc-8f70-a5927fb3b576"/>
							<gml:surfaceMember xlink:href="#UUID_61d27adb-d83a-441f-8390-4034c3ddd025"/>
							<gml:surfaceMember xlink:href="#UUID_b447ac98-ee33-4991-8cde-b46c86b21a35"/>
							<gml:surfaceMember xlink:href="#UUID_e9d94dc5-69fc-4c9d-9949-936375dd562d"/>
							<gml:surfaceMember xlink:href="#UUID_e7eddc16-1321-482f-be72-c3bce3706146"/>
							<gml:surfaceMember xlink:href="#UUID_17a61b8e-b566-4d67-be45-b4daa178d20f"/>
							<gml:surfaceMember xlink:href="#UUID_351107f1-fece-427a-8a6e-15e0641bcad6"/>
							<gml:surfaceMember xlink:href="#UUID_31cb6c1d-6d40-4f97-99f6-65cf7b78d1ad"/>
							<gml:surfaceMember xlink:href="#UUID_7b84fdcf-8c81-444f-bde3-8ac84ef6be6c"/>
							<gml:surfaceMember xlink:href="#UUID_b6cdf16c-d750-4363-8b41-9bd464fa7fd7"/>
							<gml:surfaceMember xlink:href="#UUID_e25d78f7-b01f-478a-a402-046b57c7e812"/>
							<gml:surfaceMember xlink:href="#UUID_8997358c-841f-41af-99d7-79d7a4315936"/>
							<gml:surfaceMember xlink:href="#UUID_ea085ff8-1235-49c3-ad18-8e7c170a0dd2"/>
							<gml:surfaceMember xlink:href="#UUID_4291106f-315e-4440-b213-07211553b784"/>
							<gml:surfaceMember xlink:href="#UUID_f8ae3016-9a42-44f3-a52a-6bf5e3a2d4c8"/>
							<gml:surfaceMember xlink:href="#UUID_d20b0e4e-de63-41f1-b519-cde785b047a0"/>
							<gml:surfaceMember xlink:href="#UUID_686fe8e7-a252-43ef-9235-3a69f318bd0f"/>
							<gml:surfaceMember xlink:href="#UUID_f7f9a86d-2ac0-40a6-9bbb-b878cf66fdc8"/>
							<gml:surfaceMember xlink:href="#UUID_ebd078dd-1049-4a5d-bfa0-64681a22646a"/>
							<gml:surfaceMember xlink:href="#UUID_6ceb7fa6-6eea-43fc-8dc3-796df7bb7967"/>
							<gml:surfaceMember xlink:href="#UUID_1b6afce8-e557-4cf3-99a2-b878d1e5d58b"/>
							<gml:surfaceMember xlink:href="#UUID_ef3f67e5-ded8-4e07-83a4-d157116a07aa"/>
							<gml:surfaceMember xlink:href="#UUID_4afdaa86-c423-41d8-a5bf-b242a333c9b0"/>
							<gml:surfaceMember xlink:href="#UUID_de6d90a3-68c8-466b-bed3-e41899f05368"/>
							<gml:surfaceMember xlink:href="#UUID_0fb22f6a-3289-4b7e-9a11-231b19ba562f"/>
							<gml:surfaceMember xlink:href="#UUID_148c74bf-dc3b-4e43-9164-058db4ff5e2f"/>
							<gml:surfaceMember xlink:href="#UUID_09310450-f95c-4cd4-836b-737d096df632"/>
							<gml:surfaceMember xlink:href="#UUID_be3d6325-fc04-4b2f-9c63-7e260eb30c8c"/>
							<gml:surfaceMember xlink:href="#UUID_7fdf2881-2eac-4000-a480-1a4189b13332"/>
							<gml:surfaceMember xlink:href="#UUID_6362ad42-366e-4d76-8412-055c9a3a7062"/>
						</gml:CompositeSurface>
					</gml:exterior>
				</gml:Solid>
			</bldg:lod3Solid>
			<bldg:lod3TerrainIntersection>
				<gml:MultiCurve>
					<gml:curveMember>
						<gml:LineString>
							<gml:posList srsDimension="3">
								458752.724 4962533.394 138.396 458752.720 4962533.153 138.414
								458752.701 4962532.119 138.441 458752.656 4962529.669 138.525
								458752.621 4962527.739 138.513 458752.807 4962527.736 138.514
								458752.760 4962525.145 138.505 458754.750 4962525.149 138.514
								458756.612 4962525.155 138.509 458757.954 4962525.159 138.508
								458759.944 4962525.164 138.546 458761.832 4962525.170 138.535
								458761.854 4962527.645 138.525 458761.845 4962527.720 138.525
								458761.813 4962528.708 138.521 458761.788 4962529.470 138.543
								458761.745 4962530.793 138.547 458761.788 4962533.371 138.555
								458761.643 4962533.371 138.553 458761.385 4962533.372 138.545
								458761.418 4962536.155 138.535 458761.425 4962536.796 138.515
								458761.427 4962536.990 138.475 458760.952 4962536.991 138.494
								458755.282 4962536.997 138.310 458753.431 4962536.999 138.220
								458753.418 4962537.013 138.219 458752.831 4962537.014 138.191
								458752.831 4962537.007 138.191
							</gml:posList>
						</gml:LineString>
					</gml:curveMember>
				</gml:MultiCurve>
			</bldg:lod3TerrainIntersection>
			<bldg:consistsOfBuildingPart>
				<bldg:BuildingPart gml:id="UUID_4a9691a0-985c-5245-9ac2-8ad61ece0965">
					<bldg:lod0FootPrint><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_72e18ba6-9ba8-54a6-bb12-14177f57d95b"><gml:exterior><gml:LinearRing gml:id="UUID_1a583195-7d64-56ac-9207-4666ddd1bb30"><gml:posList srsDimension="3">458752.734 4962533.926 138.099 458752.724 4962533.394 138.099 458751.233 4962533.420 138.099 458751.224 4962532.925 138.099 458750.659 4962532.931 138.099 458750.712 4962537.034 138.099 458752.831 4962537.007 138.099 458752.792 4962533.925 138.099 458752.734 4962533.926 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod0FootPrint>
					<bldg:lod1Solid><gml:Solid><gml:exterior><gml:CompositeSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_2bc39231-d800-5700-ad40-f93c4d6fb1fe"><gml:exterior><gml:LinearRing gml:id="UUID_9db7f099-40ff-526d-a7a8-1115bd5e2075"><gml:posList srsDimension="3">458752.734 4962533.926 138.099 458752.724 4962533.394 138.099 458751.233 4962533.420 138.099 458751.224 4962532.925 138.099 458750.659 4962532.931 138.099 458750.712 4962537.034 138.099 458752.831 4962537.007 138.099 458752.792 4962533.925 138.099 458752.734 4962533.926 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_af3753e2-3763-511f-b709-a1a3af7d7d65"><gml:exterior><gml:LinearRing gml:id="UUID_cf122724-a055-5af1-9250-aff203b1330b"><gml:posList srsDimension="3">458752.792 4962533.925 141.207 458752.831 4962537.007 141.207 458750.712 4962537.034 141.207 458750.659 4962532.931 141.207 458751.224 4962532.925 141.207 458751.233 4962533.420 141.207 458752.724 4962533.394 141.207 458752.734 4962533.926 141.207 458752.792 4962533.925 141.207</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_5333777c-73cf-59c9-9db7-b85205dfbd84"><gml:exterior><gml:LinearRing gml:id="UUID_ead06a53-e46e-53a1-a9bd-475d175fffb6"><gml:posList srsDimension="3">458752.792 4962533.925 138.099 458752.831 4962537.007 138.099 458752.831 4962537.007 141.207 458752.792 4962533.925 141.207 458752.792 4962533.925 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_749dff43-a7d3-50f0-b010-0b8a94f585f2"><gml:exterior><gml:LinearRing gml:id="UUID_b8a8de44-958e-50d9-98b3-869eda62c615"><gml:posList srsDimension="3">458752.831 4962537.007 138.099 458750.712 4962537.034 138.099 458750.712 4962537.034 141.207 458752.831 4962537.007 141.207 458752.831 4962537.007 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_a30890a3-ce0a-5269-90a5-053b3f4d9316"><gml:exterior><gml:LinearRing gml:id="UUID_4f97255a-992a-57f9-b588-1cab504e3628"><gml:posList srsDimension="3">458750.712 4962537.034 138.099 458750.659 4962532.931 138.099 458750.659 4962532.931 141.207 458750.712 4962537.034 141.207 458750.712 4962537.034 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_196a9ee8-a297-5101-9696-c9b7e1d62620"><gml:exterior><gml:LinearRing gml:id="UUID_98c3bea6-52c2-5b4b-a9de-3208a5252f80"><gml:posList srsDimension="3">458750.659 4962532.931 138.099 458751.224 4962532.925 138.099 458751.224 4962532.925 141.207 458750.659 4962532.931 141.207 458750.659 4962532.931 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_1e01c817-c39d-5eb2-a4ca-c25655bbc50b"><gml:exterior><gml:LinearRing gml:id="UUID_e3f9c4f6-4d50-56ff-a69a-0ab72fcd93ad"><gml:posList srsDimension="3">458751.224 4962532.925 138.099 458751.233 4962533.420 138.099 458751.233 4962533.420 141.207 458751.224 4962532.925 141.207 458751.224 4962532.925 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_753c6ce4-706f-5e99-bfd5-52b29436a90e"><gml:exterior><gml:LinearRing gml:id="UUID_f9034391-0777-5088-84f3-18a319953c11"><gml:posList srsDimension="3">458751.233 4962533.420 138.099 458752.724 4962533.394 138.099 458752.724 4962533.394 141.207 458751.233 4962533.420 141.207 458751.233 4962533.420 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_c8958814-e126-56bd-b307-fe7c788191a4"><gml:exterior><gml:LinearRing gml:id="UUID_82d2adaa-fafa-5a3b-9fb8-d834fe4e5676"><gml:posList srsDimension="3">458752.724 4962533.394 138.099 458752.734 4962533.926 138.099 458752.734 4962533.926 141.207 458752.724 4962533.394 141.207 458752.724 4962533.394 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember><gml:surfaceMember><gml:Polygon gml:id="UUID_a55870b3-5c4a-5d26-aaa7-a9e9e2438f8e"><gml:exterior><gml:LinearRing gml:id="UUID_5ff9c04e-deed-53b4-8f67-2d91daf8f5f3"><gml:posList srsDimension="3">458752.734 4962533.926 138.099 458752.792 4962533.925 138.099 458752.792 4962533.925 141.207 458752.734 4962533.926 141.207 458752.734 4962533.926 138.099</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:CompositeSurface></gml:exterior></gml:Solid></bldg:lod1Solid>
					<bldg:lod2Solid><gml:Solid><gml:exterior><gml:CompositeSurface><gml:surfaceMember xlink:href="#UUID_fc28a1f6-c56e-5850-9a26-de1716c1c6ab"/><gml:surfaceMember xlink:href="#UUID_47110d2f-1a57-5d70-9a29-7d4ed0a80359"/><gml:surfaceMember xlink:href="#UUID_33273020-3c77-5f48-a517-855c9563ee1a"/><gml:surfaceMember xlink:href="#UUID_99c9437d-8735-53e9-b49e-25db39cd14f0"/><gml:surfaceMember xlink:href="#UUID_cf8a07a1-a149-5d0b-919e-c1c37410d51f"/><gml:surfaceMember xlink:href="#UUID_be9618b0-37c8-568b-b9c5-1db06b55e8f4"/><gml:surfaceMember xlink:href="#UUID_0ce813f4-cd46-5f09-9f0d-4bb791b8397f"/></gml:CompositeSurface></gml:exterior></gml:Solid></bldg:lod2Solid>
					<bldg:boundedBy>
						<bldg:RoofSurface gml:id="UUID_4a9691a0-985c-5245-9ac2-8ad61ece0965_roof_0001">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_d4977d77-bf50-4542-a859-1abd0f504e46">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_a9a4ced6-2590-48f6-ba25-6d8c12c57d5b">
													<gml:posList srsDimension="3">
														458752.831 4962537.007 141.402 458750.712 4962537.034 141.402
														458750.659 4962532.931 141.012 458751.224 4962532.925 141.012
														458751.233 4962533.420 141.057 458752.278 4962533.401 141.057
														458752.806 4962535.049 141.215 458752.831 4962537.007 141.402
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_07ef1b34-0193-4af0-910f-164e75b21c91">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_4401bfc2-64ba-436e-8570-a5494274918c">
													<gml:posList srsDimension="3">
														458752.806 4962535.049 141.215 458752.278 4962533.401 141.057
														458752.724 4962533.394 141.090 458752.734 4962533.926 141.129
														458752.792 4962533.925 141.134 458752.806 4962535.049 141.215
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:RoofSurface>
					</bldg:boundedBy><bldg:boundedBy>
						<bldg:WallSurface gml:id="UUID_4a9691a0-985c-5245-9ac2-8ad61ece0965_wall_0001">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_845a43ed-57a4-492c-85ed-6c92daa42705">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_3e9b6c06-f1bc-4592-a2e4-8e2612405020">
													<gml:posList srsDimension="3">
														458752.278 4962533.401 141.057 458751.233 4962533.420 141.057
														458751.233 4962533.420 138.099 458752.724 4962533.394 138.099
														458752.724 4962533.394 141.090 458752.278 4962533.401 141.057
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_0c3b569d-d179-40a0-addc-14cddf88cdb0">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_ad9ac15b-1b86-4091-9a72-292441bbbe8e">
													<gml:posList srsDimension="3">
														458750.659 4962532.931 138.099 458750.659 4962532.931 141.012
														458750.712 4962537.034 141.402 458750.712 4962537.034 138.099
														458750.659 4962532.931 138.099
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_ac9577b7-64ca-468e-b991-4cf30c8b00d1">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_378eda93-9840-49b9-a1e2-46092ae4599f">
													<gml:posList srsDimension="3">
														458751.224 4962532.925 138.099 458751.224 4962532.925 141.012
														458750.659 4962532.931 141.012 458750.659 4962532.931 138.099
														458751.224 4962532.925 138.099
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_9ec8f387-14e7-4fd5-9ad0-0713e85bfc92">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_3b753fa0-8aee-42f3-8675-fd86ec9fd949">
													<gml:posList srsDimension="3">
														458750.712 4962537.034 138.099 458750.712 4962537.034 141.402
														458752.831 4962537.007 141.402 458752.831 4962537.007 138.099
														458750.712 4962537.034 138.099
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_868e450a-f46d-4520-b311-b22a91e0df54">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_133e3afc-a2f6-4e8c-80e3-63b811f3cfd1">
													<gml:posList srsDimension="3">
														458751.233 4962533.420 138.099 458751.233 4962533.420 141.057
														458751.224 4962532.925 141.012 458751.224 4962532.925 138.099
														458751.233 4962533.420 138.099
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:WallSurface>
					</bldg:boundedBy><bldg:boundedBy>
						<bldg:GroundSurface gml:id="UUID_4a9691a0-985c-5245-9ac2-8ad61ece0965_ground_0001">
							<bldg:lod3MultiSurface>
								<gml:MultiSurface>
									<gml:surfaceMember>
										<gml:Polygon gml:id="UUID_a1a730c0-625f-446a-9a09-9e74137dda26">
											<gml:exterior>
												<gml:LinearRing gml:id="UUID_a005ade1-6a4a-4623-8fb0-3c7258a19645">
													<gml:posList srsDimension="3">
														458752.734 4962533.926 138.099 458752.724 4962533.394 138.099
														458751.233 4962533.420 138.099 458751.224 4962532.925 138.099
														458750.659 4962532.931 138.099 458750.712 4962537.034 138.099
														458752.831 4962537.007 138.099 458752.792 4962533.925 138.099
														458752.734 4962533.926 138.099
													</gml:posList>
												</gml:LinearRing>
											</gml:exterior>
										</gml:Polygon>
									</gml:surfaceMember>
								</gml:MultiSurface>
							</bldg:lod3MultiSurface>
						</bldg:GroundSurface>
					</bldg:boundedBy><bldg:boundedBy><bldg:RoofSurface gml:id="UUID_58ff0128-c812-5b04-9719-ba8e61cf0c6c"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_fc28a1f6-c56e-5850-9a26-de1716c1c6ab"><gml:exterior><gml:LinearRing gml:id="UUID_bb5c5aa6-7b16-588b-8aac-1dd169c5e91f"><gml:posList srsDimension="3">458752.831 4962537.006 141.408 458750.712 4962537.034 141.401 458750.659 4962532.931 141.014 458751.224 4962532.925 141.016 458751.233 4962533.420 141.063 458752.278 4962533.400 141.066 458752.724 4962533.396 141.067 458752.734 4962533.927 141.117 458752.792 4962533.927 141.118 458752.806 4962535.048 141.223 458752.831 4962537.006 141.408</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:RoofSurface></bldg:boundedBy><bldg:boundedBy><bldg:WallSurface gml:id="UUID_8b96aff3-6eaa-51fb-a9e9-7aa311dcc02b"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_47110d2f-1a57-5d70-9a29-7d4ed0a80359">
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
										</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:WallSurface></bldg:boundedBy><bldg:boundedBy><bldg:GroundSurface gml:id="UUID_c5f4474b-0be1-50b0-b2f9-ae7a52db43d5"><bldg:lod2MultiSurface><gml:MultiSurface><gml:surfaceMember><gml:Polygon gml:id="UUID_0ce813f4-cd46-5f09-9f0d-4bb791b8397f">
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
										</gml:Polygon></gml:surfaceMember></gml:MultiSurface></bldg:lod2MultiSurface></bldg:GroundSurface></bldg:boundedBy><bldg:lod3Solid>
						<gml:Solid>
							<gml:exterior>
								<gml:CompositeSurface>
									<gml:surfaceMember xlink:href="#UUID_d4977d77-bf50-4542-a859-1abd0f504e46"/>
									<gml:surfaceMember xlink:href="#UUID_07ef1b34-0193-4af0-910f-164e75b21c91"/>
									<gml:surfaceMember xlink:href="#UUID_845a43ed-57a4-492c-85ed-6c92daa42705"/>
									<gml:surfaceMember xlink:href="#UUID_0c3b569d-d179-40a0-addc-14cddf88cdb0"/>
									<gml:surfaceMember xlink:href="#UUID_ac9577b7-64ca-468e-b991-4cf30c8b00d1"/>
									<gml:surfaceMember xlink:href="#UUID_9ec8f387-14e7-4fd5-9ad0-0713e85bfc92"/>
									<gml:surfaceMember xlink:href="#UUID_868e450a-f46d-4520-b311-b22a91e0df54"/>
									<gml:surfaceMember xlink:href="#UUID_a1a730c0-625f-446a-9a09-9e74137dda26"/>
								</gml:CompositeSurface>
							</gml:exterior>
						</gml:Solid>
					</bldg:lod3Solid>
					<bldg:lod3TerrainIntersection>
						<gml:MultiCurve>
							<gml:curveMember>
								<gml:LineString>
									<gml:posList srsDimension="3">
								458752.724 4962533.394 138.396 458751.810 4962533.410 138.351
								458751.233 4962533.420 138.278 458751.224 4962532.925 138.290
								458750.659 4962532.931 138.219 458750.687 4962535.095 138.169
								458750.695 4962535.750 138.120 458750.701 4962536.201 138.108
								458750.712 4962537.034 138.100 458751.524 4962537.024 138.128
								458752.831 4962537.007 138.191
							</gml:posList>
								</gml:LineString>
							</gml:curveMember>
						</gml:MultiCurve>
					</bldg:lod3TerrainIntersection>
				</bldg:BuildingPart>
			</bldg:consistsOfBuildingPart>
		</bldg:Building>
	</cityObjectMember>
</CityModel>